import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { CUSTOM_MEDIA_FREQUENCY_MINUTES, t, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { SafeFetchError, safeFetch } from '../../kit/safe-fetch.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { uploadFile } from '../media.storage/upload-file.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { readAnswer, type SourceEntry } from './media-source.ts';
import { customMediaItems, customMediaProfiles } from './custom-media.table.ts';

/**
 * The import of a custom media profile (spec 002 §7 Custom media; docs/decisions/widgets-content.md):
 * its request sent through the outgoing-call guard, the answer read (media-source.ts), the newest
 * entries' media downloaded into the client's media library (which checks what the bytes are),
 * then one transaction: items matched by their link (else their media's address) are created or
 * updated (an item keeps its hidden flag), and the profile keeps its newest `actual_count` items
 * (by the date the source gave; undated ones count as the oldest).
 * A source that fails, times out, redirects too often or answers too much fails the run and
 * changes no item; the failure shows on the profile.
 */
export const MEDIA_IMPORT_JOB = 'custom.media.import';
/** Every few minutes the profiles whose time has come are queued. */
export const MEDIA_SCHEDULE_JOB = 'custom.media.schedule';
export const MEDIA_SCHEDULE = '*/5 * * * *';

/** Bounds of a run (a mutable object: tests lower them). */
export const MEDIA_IMPORT_LIMITS = {
  answerTimeoutMs: 30_000,
  maxAnswerBytes: 5 * 1024 * 1024,
  mediaTimeoutMs: 30_000,
  mediaConcurrency: 4,
  /** A run taken longer ago than this is taken to have died with its process. */
  staleRunMs: 15 * 60_000,
  /** Rows written per statement. */
  batch: 500,
};

type Profile = typeof customMediaProfiles.$inferSelect;
const keyOf = (entry: SourceEntry) => (entry.url ?? entry.media_url).slice(0, 2048);

/** Newest first; entries without a date after the dated ones, in the source's order. */
function newest(entries: SourceEntry[], count: number): SourceEntry[] {
  const seen = new Set<string>();
  const unique = entries.filter((entry) => !seen.has(keyOf(entry)) && seen.add(keyOf(entry)));
  return unique
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (b.entry.date?.getTime() ?? -Infinity) - (a.entry.date?.getTime() ?? -Infinity) || a.index - b.index)
    .slice(0, count)
    .map(({ entry }) => entry);
}

/** Downloads media into the client's library: source address → the file, or the reason it failed. */
async function downloadMedia(ctx: ServiceContext, auth: AuthContext, urls: string[], lang: Lang) {
  const result = new Map<string, { id: number; url: string; kind: string } | string>();
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const response = await safeFetch(url, { timeoutMs: MEDIA_IMPORT_LIMITS.mediaTimeoutMs, maxBytes: Math.max(ctx.config.media.imageMaxBytes, ctx.config.media.videoMaxBytes) });
        const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'media').slice(0, 200) || 'media';
        const file = await uploadFile(ctx, auth, { files: [{ field: 'file', data: response.body, filename: name }], fields: { client_id: String(auth.clientId), access: '1' } }, null);
        result.set(url, { id: file.id as number, url: String(file.url), kind: String(file.kind) });
      } catch (error) {
        result.set(url, error instanceof AppError ? t(error.key, lang, error.params) : String((error as Error).message).slice(0, 200));
      }
    }
  };
  await Promise.all(Array.from({ length: MEDIA_IMPORT_LIMITS.mediaConcurrency }, worker));
  return result;
}

/** Why a source call failed, in the reader's language. */
function failureText(error: unknown, lang: Lang): string {
  if (error instanceof AppError) return t(error.key, lang, error.params);
  if (error instanceof SafeFetchError) return t('custom_media_source_failed', lang, { reason: `${error.code}${error.status ? ` ${error.status}` : ''}: ${error.message}`.slice(0, 300) });
  return t('custom_media_source_failed', lang, { reason: String((error as Error)?.message ?? error).slice(0, 300) });
}

/** Runs one import of a profile (the job); a run already going on is left to finish. */
export async function runMediaImport(ctx: ServiceContext, data: { profile_id: number; lang?: Lang }) {
  const lang = data.lang ?? 'ru';
  const stale = new Date(Date.now() - MEDIA_IMPORT_LIMITS.staleRunMs);
  // Taken by one job only (pg-boss may hand a job out twice).
  const [profile] = await ctx.db
    .update(customMediaProfiles)
    .set({ import_state: 'running', import_started_at: new Date() })
    .where(and(eq(customMediaProfiles.id, data.profile_id), or(ne(customMediaProfiles.import_state, 'running'), lt(customMediaProfiles.import_started_at, stale), isNull(customMediaProfiles.import_started_at))))
    .returning();
  if (!profile) return;
  const finish = (fields: Partial<Profile>) => ctx.db.update(customMediaProfiles).set({ ...fields, import_started_at: null, imported_at: new Date() }).where(eq(customMediaProfiles.id, profile.id));
  try {
    const response = await safeFetch(profile.request_url, {
      method: profile.request_method,
      headers: { accept: 'application/json, application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5', ...(profile.request_payload ? { 'content-type': 'application/json' } : {}) },
      body: profile.request_method === 'POST' ? (profile.request_payload ?? undefined) : undefined,
      timeoutMs: MEDIA_IMPORT_LIMITS.answerTimeoutMs,
      maxBytes: MEDIA_IMPORT_LIMITS.maxAnswerBytes,
    });
    const entries = newest(readAnswer(String(response.headers['content-type'] ?? ''), response.body), profile.actual_count);
    if (!entries.length) throw new AppError(400, 'custom_media_answer_empty');
    const keys = entries.map(keyOf);
    const known = new Map<string, typeof customMediaItems.$inferSelect>();
    for (let at = 0; at < keys.length; at += MEDIA_IMPORT_LIMITS.batch) {
      const rows = await ctx.db.select().from(customMediaItems).where(and(eq(customMediaItems.profile_id, profile.id), inArray(customMediaItems.source_key, keys.slice(at, at + MEDIA_IMPORT_LIMITS.batch))));
      for (const row of rows) known.set(row.source_key, row);
    }
    // Media already downloaded for an item from the same address are kept.
    const wanted = [...new Set(entries.filter((entry) => known.get(keyOf(entry))?.source_media_url !== entry.media_url || !known.get(keyOf(entry))?.media_id).map((entry) => entry.media_url))];
    const auth: AuthContext = { userId: 0, sessionId: 'custom-media', email: '', internal: false, clientId: profile.client_id, scope: [profile.client_id], permissions: { 'media.storage': ['media.create'] } };
    const files = wanted.length ? await downloadMedia(ctx, auth, wanted, lang) : new Map();
    const failures: string[] = [];
    const now = new Date();
    const rows = entries.flatMap((entry) => {
      const before = known.get(keyOf(entry));
      let media = before && before.source_media_url === entry.media_url && before.media_id ? { id: before.media_id, url: before.media_url ?? '', kind: before.kind } : files.get(entry.media_url);
      if (!media || typeof media === 'string') {
        failures.push(`${entry.media_url.slice(0, 200)}: ${media ?? ''}`);
        return [];
      }
      return [
        {
          site_id: profile.site_id,
          client_id: profile.client_id,
          profile_id: profile.id,
          source_key: keyOf(entry),
          url: entry.url,
          source_media_url: entry.media_url,
          media_id: media.id,
          media_url: media.url,
          kind: media.kind === 'video' ? ('video' as const) : ('image' as const),
          description: entry.description,
          tags: [...new Set([...profile.tags, ...entry.tags])].slice(0, 60),
          original_date: entry.date,
          updated_at: now,
        },
      ];
    });
    if (!rows.length) throw new AppError(400, 'custom_media_source_failed', { reason: failures.slice(0, 3).join('; ').slice(0, 500) });
    const count = await ctx.db.transaction(async (tx) => {
      for (let at = 0; at < rows.length; at += MEDIA_IMPORT_LIMITS.batch) {
        await tx
          .insert(customMediaItems)
          .values(rows.slice(at, at + MEDIA_IMPORT_LIMITS.batch))
          .onConflictDoUpdate({
            target: [customMediaItems.profile_id, customMediaItems.source_key],
            set: {
              url: sql`excluded.url`,
              source_media_url: sql`excluded.source_media_url`,
              media_id: sql`excluded.media_id`,
              media_url: sql`excluded.media_url`,
              kind: sql`excluded.kind`,
              description: sql`excluded.description`,
              tags: sql`excluded.tags`,
              original_date: sql`excluded.original_date`,
              updated_at: sql`excluded.updated_at`,
            },
          });
      }
      // The newest actual_count items stay; older ones go.
      const keep = tx
        .select({ id: customMediaItems.id })
        .from(customMediaItems)
        .where(eq(customMediaItems.profile_id, profile.id))
        .orderBy(sql`${customMediaItems.original_date} desc nulls last`, desc(customMediaItems.id))
        .limit(profile.actual_count);
      await tx.delete(customMediaItems).where(and(eq(customMediaItems.profile_id, profile.id), sql`${customMediaItems.id} not in ${keep}`));
      const [{ total }] = (await tx.select({ total: sql<number>`count(*)::int` }).from(customMediaItems).where(eq(customMediaItems.profile_id, profile.id))) as [{ total: number }];
      return total;
    });
    await finish({ import_state: 'done', import_error: failures.length ? failures.slice(0, 5).join('; ').slice(0, 2000) : null, items_count: count });
  } catch (error) {
    ctx.log.warn({ err: error, profile_id: profile.id }, 'custom media import failed');
    await finish({ import_state: 'failed', import_error: failureText(error, lang).slice(0, 2000) });
  }
}

/** Queues the import of every profile whose time has come, on sites where the module is installed and active. */
export async function queueDueImports(ctx: ServiceContext) {
  const due = await ctx.db
    .select({ id: customMediaProfiles.id, frequency: customMediaProfiles.frequency, imported_at: customMediaProfiles.imported_at })
    .from(customMediaProfiles)
    .innerJoin(moduleInstallations, and(eq(moduleInstallations.site_id, customMediaProfiles.site_id), eq(moduleInstallations.active, true)))
    .innerJoin(modules, and(eq(modules.id, moduleInstallations.module_id), eq(modules.code, 'custom_media')))
    .where(ne(customMediaProfiles.import_state, 'running'));
  const now = Date.now();
  for (const profile of due) {
    const next = profile.imported_at ? profile.imported_at.getTime() + CUSTOM_MEDIA_FREQUENCY_MINUTES[profile.frequency] * 60_000 : 0;
    if (next <= now) await ctx.jobs.send(MEDIA_IMPORT_JOB, { profile_id: profile.id }, { singletonKey: `custom-media-${profile.id}` });
  }
}
