import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { id, suggestionCreateBody, suggestionListQuery, suggestionResponseBody, suggestionUpdateBody, type SuggestionAttributes } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, forbidden, notFound } from '../../kit/errors.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { searchCondition } from '../../kit/search-index.ts';
import { userNames } from '../form-constructor/form.hooks.ts';
import { suggestionLikes, suggestionResponses, suggestions } from './suggestion.table.ts';

const BASE = '/gateway/platform/api/v1/suggestions';
const tags = ['platform'];
const idParams = z.object({ id: id() });
type Suggestion = typeof suggestions.$inferSelect;

/** What a reader sees: staff everything; others the active and done ones, and their own. */
const visibleTo = (auth: AuthContext): SQL | undefined => (auth.internal ? undefined : or(inArray(suggestions.state, ['active', 'done']), eq(suggestions.author_id, auth.userId)));

function assertStaff(auth: AuthContext) {
  if (!auth.internal) throw forbidden();
}

async function findVisible(db: DbOrTx, auth: AuthContext, suggestionId: number): Promise<Suggestion> {
  const [row] = await db.select().from(suggestions).where(and(eq(suggestions.id, suggestionId), visibleTo(auth)));
  if (!row) throw notFound();
  return row;
}

/** The author changes or removes their suggestion while it is new; staff at any time. */
function assertMayChange(auth: AuthContext, row: Suggestion) {
  if (auth.internal) return;
  if (row.author_id !== auth.userId) throw forbidden();
  if (row.state !== 'new') throw new AppError(409, 'suggestion_not_new');
}

/** The rows as the reader sees them: their like, their authorship, the author's name, the answers' count. */
async function present(db: DbOrTx, auth: AuthContext, rows: Suggestion[]) {
  const ids = rows.map((row) => row.id);
  const liked = new Set<number>();
  const counts = new Map<number, number>();
  if (ids.length) {
    for (const like of await db.select({ id: suggestionLikes.suggestion_id }).from(suggestionLikes).where(and(inArray(suggestionLikes.suggestion_id, ids), eq(suggestionLikes.user_id, auth.userId)))) liked.add(like.id);
    const answered = await db
      .select({ id: suggestionResponses.suggestion_id, count: sql<number>`count(*)`.mapWith(Number) })
      .from(suggestionResponses)
      .where(inArray(suggestionResponses.suggestion_id, ids))
      .groupBy(suggestionResponses.suggestion_id);
    for (const entry of answered) counts.set(entry.id, entry.count);
  }
  const names = await userNames(db, rows.map((row) => row.author_id));
  return rows.map((row) => ({
    id: String(row.id),
    type: 'suggestions',
    attributes: {
      title: row.title,
      text: row.text,
      state: row.state as SuggestionAttributes['state'],
      likes: row.likes,
      liked: liked.has(row.id),
      mine: row.author_id === auth.userId,
      author_name: (row.author_id && names.get(row.author_id)) || null,
      responses: counts.get(row.id) ?? 0,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      done_at: row.done_at?.toISOString() ?? null,
    } satisfies SuggestionAttributes,
  }));
}

const ORDER = {
  '-likes': [desc(suggestions.likes), desc(suggestions.id)],
  likes: [asc(suggestions.likes), asc(suggestions.id)],
  '-created_at': [desc(suggestions.id)],
  created_at: [asc(suggestions.id)],
} as const;

/**
 * The suggestions board (spec 000 §7): list, propose, change and remove; staff activate, answer
 * and mark done; a like per user, counted once however many arrive together.
 */
export function registerSuggestionRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;

  r.get(BASE, { schema: { tags, summary: 'Suggestions the reader sees, by likes or date', querystring: suggestionListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const number = query['page[number]'] ?? 1;
    const size = query['page[size]'] ?? 25;
    const where = and(
      visibleTo(auth),
      query['filter[state]'] ? eq(suggestions.state, query['filter[state]']) : undefined,
      query['filter[search]']?.trim() ? searchCondition([suggestions.title, suggestions.text], query['filter[search]'].trim()) : undefined,
      query['filter[mine]'] === 'true' ? eq(suggestions.author_id, auth.userId) : undefined,
    );
    const [rows, counted] = await Promise.all([
      db.select().from(suggestions).where(where).orderBy(...ORDER[query.sort ?? '-likes']).limit(size).offset((number - 1) * size),
      db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(suggestions).where(where),
    ]);
    const total = counted[0]?.total ?? 0;
    return { data: await present(db, auth, rows), meta: { page: { number, size, total } } };
  });

  r.post(BASE, { schema: { tags, summary: 'Propose an improvement', body: suggestionCreateBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const [row] = await db.insert(suggestions).values({ ...request.body.data, author_id: auth.userId }).returning();
    reply.code(201);
    return { data: (await present(db, auth, [row!]))[0] };
  });

  r.get(`${BASE}/:id`, { schema: { tags, summary: 'One suggestion', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    return { data: (await present(db, auth, [await findVisible(db, auth, request.params.id)]))[0] };
  });

  r.patch(`${BASE}/:id`, { schema: { tags, summary: 'Change a suggestion', params: idParams, body: suggestionUpdateBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await findVisible(db, auth, request.params.id);
    assertMayChange(auth, row);
    const [fresh] = await db.update(suggestions).set({ ...request.body.data, updated_at: new Date() }).where(eq(suggestions.id, row.id)).returning();
    return { data: (await present(db, auth, [fresh!]))[0] };
  });

  r.delete(`${BASE}/:id`, { schema: { tags, summary: 'Remove a suggestion', params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const row = await findVisible(db, auth, request.params.id);
    assertMayChange(auth, row);
    await db.delete(suggestions).where(eq(suggestions.id, row.id));
    return reply.code(204).send();
  });

  // Staff's transitions: new -> active (everybody sees it), active -> done.
  for (const [action, from, to] of [['activate', 'new', 'active'], ['done', 'active', 'done']] as const) {
    r.post(`${BASE}/:id/${action}`, { schema: { tags, summary: action === 'activate' ? 'Activate a suggestion (staff)' : 'Mark a suggestion done (staff)', params: idParams } }, async (request) => {
      const auth = requireAuth(request.auth);
      assertStaff(auth);
      const row = await findVisible(db, auth, request.params.id);
      if (row.state === to) return { data: (await present(db, auth, [row]))[0] };
      if (row.state !== from) throw new AppError(409, 'suggestion_state');
      const [fresh] = await db
        .update(suggestions)
        .set({ state: to, updated_at: new Date(), ...(to === 'done' ? { done_at: new Date() } : {}) })
        .where(and(eq(suggestions.id, row.id), eq(suggestions.state, from)))
        .returning();
      if (!fresh) throw new AppError(409, 'suggestion_state');
      return { data: (await present(db, auth, [fresh]))[0] };
    });
  }

  // A like: the key of suggestion_likes lets one row in per user; the count moves only with it.
  r.post(`${BASE}/:id/like`, { schema: { tags, summary: 'Like a suggestion (once per user)', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const fresh = await db.transaction(async (tx) => {
      const row = await findVisible(tx, auth, request.params.id);
      if (row.state !== 'active') throw new AppError(409, 'suggestion_not_active');
      const added = await tx.insert(suggestionLikes).values({ suggestion_id: row.id, user_id: auth.userId }).onConflictDoNothing().returning();
      if (!added.length) return row;
      const [updated] = await tx.update(suggestions).set({ likes: sql`${suggestions.likes} + 1` }).where(eq(suggestions.id, row.id)).returning();
      return updated!;
    });
    return { data: (await present(db, auth, [fresh]))[0] };
  });

  r.delete(`${BASE}/:id/like`, { schema: { tags, summary: 'Take back a like', params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const fresh = await db.transaction(async (tx) => {
      const row = await findVisible(tx, auth, request.params.id);
      const removed = await tx.delete(suggestionLikes).where(and(eq(suggestionLikes.suggestion_id, row.id), eq(suggestionLikes.user_id, auth.userId))).returning();
      if (!removed.length) return row;
      const [updated] = await tx.update(suggestions).set({ likes: sql`greatest(${suggestions.likes} - 1, 0)` }).where(eq(suggestions.id, row.id)).returning();
      return updated!;
    });
    return { data: (await present(db, auth, [fresh]))[0] };
  });

  r.get(`${BASE}/:id/responses`, { schema: { tags, summary: "Staff's answers to a suggestion, oldest first", params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await findVisible(db, auth, request.params.id);
    const rows = await db.select().from(suggestionResponses).where(eq(suggestionResponses.suggestion_id, row.id)).orderBy(asc(suggestionResponses.id)).limit(500);
    const names = await userNames(db, rows.map((entry) => entry.author_id));
    return { data: rows.map((entry) => ({ id: String(entry.id), type: 'suggestion_responses', attributes: { text: entry.text, author_name: (entry.author_id && names.get(entry.author_id)) || null, created_at: entry.created_at.toISOString() } })) };
  });

  r.post(`${BASE}/:id/responses`, { schema: { tags, summary: 'Answer a suggestion (staff)', params: idParams, body: suggestionResponseBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    assertStaff(auth);
    const row = await findVisible(db, auth, request.params.id);
    const [entry] = await db.insert(suggestionResponses).values({ suggestion_id: row.id, author_id: auth.userId, text: request.body.data.text }).returning();
    const names = await userNames(db, [auth.userId]);
    reply.code(201);
    return { data: { id: String(entry!.id), type: 'suggestion_responses', attributes: { text: entry!.text, author_name: names.get(auth.userId) ?? null, created_at: entry!.created_at.toISOString() } } };
  });
}
