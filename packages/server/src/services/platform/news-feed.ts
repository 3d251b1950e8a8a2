import { and, arrayOverlaps, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Lang, NewsFeedItem } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { opNews, opNewsReads } from './op-news.table.ts';

/** The most items the home page lists. */
export const FEED_LIMIT = 50;

/**
 * The news meant for a reader: active and inside its period; for everybody, for staff when the
 * reader is staff, for chosen clients when the reader belongs to one of them (staff: the client
 * they act as). A dealer never sees another client's items.
 */
export function audienceCondition(auth: AuthContext) {
  const clients = auth.internal ? (auth.clientId ? [auth.clientId] : []) : auth.scope === 'all' ? [] : auth.scope;
  return or(
    eq(opNews.audience, 'all'),
    auth.internal ? eq(opNews.audience, 'staff') : undefined,
    clients.length ? and(eq(opNews.audience, 'clients'), arrayOverlaps(opNews.client_ids, clients)) : undefined,
  );
}

/** The reader's news in their language (Russian where no English is written), pinned first, newest first. */
export async function readNewsFeed(db: DbOrTx, auth: AuthContext, lang: Lang): Promise<NewsFeedItem[]> {
  const now = new Date();
  const publishedAt = sql<Date>`coalesce(${opNews.publish_from}, ${opNews.created_at})`;
  const rows = await db
    .select({
      id: opNews.id,
      title_ru: opNews.title_ru,
      title_en: opNews.title_en,
      text_ru: opNews.text_ru,
      text_en: opNews.text_en,
      pinned: opNews.pinned,
      published_at: sql<string>`${publishedAt}`.mapWith((value: unknown) => new Date(value as string).toISOString()),
      read: sql<boolean>`${opNewsReads.user_id} is not null`.mapWith(Boolean),
    })
    .from(opNews)
    .leftJoin(opNewsReads, and(eq(opNewsReads.news_id, opNews.id), eq(opNewsReads.user_id, auth.userId)))
    .where(
      and(
        eq(opNews.active, true),
        or(isNull(opNews.publish_from), lte(opNews.publish_from, now)),
        or(isNull(opNews.publish_to), gt(opNews.publish_to, now)),
        audienceCondition(auth),
      ),
    )
    .orderBy(desc(opNews.pinned), desc(publishedAt), desc(opNews.id))
    .limit(FEED_LIMIT);
  return rows.map((row) => {
    const english = lang === 'en' && row.title_en && row.text_en;
    return {
      id: String(row.id),
      title: english ? row.title_en! : row.title_ru,
      text: english ? row.text_en! : row.text_ru,
      pinned: row.pinned,
      published_at: row.published_at,
      read: row.read,
    };
  });
}

/** Marks the items the reader may see as read by them; others are left alone (no error: nothing is revealed). */
export async function markNewsRead(db: DbOrTx, auth: AuthContext, ids: number[]): Promise<number> {
  const visible = await db
    .select({ id: opNews.id })
    .from(opNews)
    .where(and(inArray(opNews.id, ids), audienceCondition(auth)));
  if (!visible.length) return 0;
  await db
    .insert(opNewsReads)
    .values(visible.map((row) => ({ news_id: row.id, user_id: auth.userId })))
    .onConflictDoNothing();
  return visible.length;
}
