import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { intakeLimits, REQUEST_COMMON_KEYS, REQUEST_INPUTS, requestIntakeBody, type RequestTypeId } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { Db } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { hitRateLimits } from '../../kit/rate-limit.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { agreementHashes, offensiveWords, requestActions, requestBlocks, requests, requestSettings } from './request.table.ts';

/**
 * The public intake of a site's request (docs/decisions.md "Requests"): limits per address and per
 * site, the body's strict shape, the captcha, the consent's hash, offensive words, sender blocks;
 * then the request and its actions to run are stored in one statement and the caller is
 * answered. The actions' jobs are sent afterwards (`queued`): a queue that is down loses nothing,
 * the rows stay pending for the sender to pick up.
 */
export const REQUEST_ACTION_JOB = 'request.action';

export interface IntakeSite {
  id: number;
  client_id: number;
}

export interface IntakeCall {
  site: IntakeSite;
  type: RequestTypeId;
  body: unknown;
  ip: string;
}

/**
 * A check another service adds to the intake of one type, after the captcha and the consent
 * (form-constructor: a custom form's values against the form's definition); it answers the
 * attributes to store, or throws the AppError to answer.
 */
export type IntakeTypeCheck = (site: IntakeSite, attributes: Record<string, unknown>) => Promise<Record<string, unknown>>;
export type IntakeChecks = Partial<Record<RequestTypeId, IntakeTypeCheck>>;

export type IntakeResult =
  | { status: 201; id: number | null; queued: Promise<void> }
  | { status: 201; id: null; queued: Promise<void>; silent: true };

/** Zod's issues of the body as AppErrors pointing at the fields (at most 20). */
function bodyErrors(error: z.ZodError): AppError {
  const [first, ...rest] = error.issues.slice(0, 20).map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    const [key, raw] = (issue.message ?? 'invalid_type').split(/\|(.*)/s, 2) as [string, string | undefined];
    return new AppError(400, key as never, raw ? JSON.parse(raw) : issue.code === 'unrecognized_keys' ? { field: issue.keys.join(', ') } : undefined, `/${path.join('/')}`);
  });
  first!.others = rest;
  return first!;
}

/** Words of a request's texts, folded, for the offensive-words check. */
function wordsOf(values: unknown[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const word of value.toLocaleLowerCase('ru').replaceAll('ё', 'е').split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word);
  }
  return [...words].slice(0, 2000);
}

/** A phone as blocks compare it: its digits, 8 in front read as 7. */
export const phoneKey = (value: string) => value.replace(/\D/g, '').replace(/^8(\d{10})$/, '7$1');
export const blockSourceKey = (sourceType: string, source: string) => (sourceType === 'phone' ? phoneKey(source) : source.trim().toLowerCase());

async function assertNoOffensiveWords(db: Db, texts: unknown[]) {
  const words = wordsOf(texts);
  if (!words.length) return;
  const [found] = await db.select({ raw: offensiveWords.raw }).from(offensiveWords).where(inArray(offensiveWords.raw, words)).limit(1);
  if (found) throw badRequest('request_offensive', '/data/attributes/text');
}

/** The block that holds the sender now, counting the attempt; null when none does. */
async function activeBlock(db: Db, siteId: number, sender: { phone?: string | null; email?: string | null; ip: string }) {
  const sources = [
    sender.phone ? and(eq(requestBlocks.source_type, 'phone'), eq(requestBlocks.source, phoneKey(sender.phone))) : undefined,
    sender.email ? and(eq(requestBlocks.source_type, 'email'), eq(requestBlocks.source, sender.email.toLowerCase())) : undefined,
    and(eq(requestBlocks.source_type, 'ip'), eq(requestBlocks.source, sender.ip)),
  ].filter(Boolean);
  const [block] = await db
    .update(requestBlocks)
    .set({ count: sql`${requestBlocks.count} + 1` })
    .where(
      and(
        eq(requestBlocks.id, sql`(select id from request_blocks where site_id = ${siteId} and (until is null or until > now()) and (${or(...sources)}) order by id limit 1)`),
      ),
    )
    .returning({ id: requestBlocks.id, block_type: requestBlocks.block_type });
  return block ?? null;
}

export async function acceptRequest(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'log'>, captcha: CaptchaVerifier, call: IntakeCall, checks: IntakeChecks = {}): Promise<IntakeResult> {
  const { db } = ctx;
  const { site, type, ip } = call;
  await hitRateLimits(db, [
    { key: `requests:ip:${ip}`, limit: intakeLimits.perAddress },
    { key: `requests:site:${site.id}`, limit: intakeLimits.perSite },
  ]);
  const parsed = requestIntakeBody(type).safeParse(call.body);
  if (!parsed.success) throw bodyErrors(parsed.error);
  const { attributes, captcha: answer } = parsed.data.data;
  await captcha.verify(site.id, answer);
  let attrs = attributes as Record<string, unknown> & z.output<(typeof REQUEST_INPUTS)[1]>;
  const [agreement] = await db
    .select({ id: agreementHashes.id })
    .from(agreementHashes)
    .where(and(eq(agreementHashes.site_id, site.id), eq(agreementHashes.hash, attrs.agreement_hash)))
    .limit(1);
  if (!agreement) throw badRequest('request_agreement_unknown', '/data/attributes/agreement_hash');
  const check = checks[type];
  if (check) attrs = (await check(site, attrs)) as typeof attrs;
  const fields = Object.fromEntries(Object.entries(attrs).filter(([key, value]) => !(REQUEST_COMMON_KEYS as readonly string[]).includes(key) && value !== undefined));
  await assertNoOffensiveWords(db, [attrs.name, attrs.last_name, attrs.text, attrs.text_input, fields.subject, ...Object.values((fields.content as Record<string, unknown>) ?? {})]);
  const block = await activeBlock(db, site.id, { phone: attrs.phone, email: attrs.email, ip });
  if (block?.block_type === 'reject') throw new AppError(403, 'request_blocked');
  if (block) return { status: 201, id: null, silent: true, queued: Promise.resolve() };

  const tag = typeof fields.tag === 'string' ? fields.tag : null;
  const stored = await storeRequest(db, {
    site_id: site.id,
    client_id: site.client_id,
    type,
    page_id: attrs.page_id ?? attrs.analytics?.page?.page_id ?? null,
    dealer_id: attrs.dealer_id ?? null,
    gender: attrs.gender ?? null,
    name: attrs.name ?? null,
    last_name: attrs.last_name ?? null,
    phone: attrs.phone ?? null,
    email: attrs.email ?? null,
    text: attrs.text ?? null,
    text_input: attrs.text_input ?? null,
    fields,
    analytics: attrs.analytics ?? {},
    processing_of_personal_data: true,
    agreement_hash: attrs.agreement_hash,
    tag,
    ip,
  });
  return { status: 201, id: stored.id, queued: queueActions(ctx, stored.actions) };
}

type StoredAction = { id: number; job_id: string };

/**
 * The request and a row per action of its settings (type, tag), each with the id its job will
 * have, in one statement: both or neither (docs/performance.md, "Customer requests": round trips
 * were the intake's cost).
 */
async function storeRequest(db: Db, values: typeof requests.$inferInsert): Promise<{ id: number; actions: StoredAction[] }> {
  const request = db.$with('request').as(db.insert(requests).values(values).returning({ id: requests.id }));
  const tag = values.tag ?? null;
  const settingsOf = and(
    eq(requestSettings.site_id, values.site_id),
    eq(requestSettings.request_type, values.type),
    eq(requestSettings.archived, false),
    tag ? or(isNull(requestSettings.tag), eq(requestSettings.tag, tag)) : isNull(requestSettings.tag),
  );
  const actions = db.$with('actions', { id: sql<number>`id`, job_id: sql<string>`job_id` }).as(sql`
    insert into ${requestActions} (request_id, site_id, client_id, settings_id, kind, action_id, job_id)
    select request.id, ${requestSettings.site_id}, ${requestSettings.client_id}, ${requestSettings.id}, action->>'kind', (action->>'id')::int, gen_random_uuid()::text
    from request, ${requestSettings}, jsonb_array_elements(${requestSettings.actions}) with ordinality as picked(action, n)
    where ${settingsOf}
    order by ${requestSettings.id}, n
    returning id, job_id`);
  const [row] = await db
    .with(request, actions)
    .select({ id: request.id, actions: sql<StoredAction[]>`coalesce((select json_agg(json_build_object('id', id, 'job_id', job_id) order by id) from actions), '[]')` })
    .from(request);
  return row!;
}

/** Sends the actions' jobs in one statement; a failure leaves the rows pending (the sender's sweep finds their jobs missing). */
async function queueActions(ctx: Pick<ServiceContext, 'jobs' | 'log'>, actions: StoredAction[]): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  try {
    await ctx.jobs.sendMany(REQUEST_ACTION_JOB, actions.map((action) => ({ id: action.job_id, data: { request_action_id: action.id } })));
  } catch (error) {
    ctx.log.warn({ err: error, request_action_ids: actions.map((action) => action.id) }, 'request actions not queued; they stay pending');
  }
}
