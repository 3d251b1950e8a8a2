import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { intakeLimits, REQUEST_COMMON_KEYS, REQUEST_INPUTS, requestIntakeBody, SERVICE_MODULES, type RequestTypeId } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { Batcher } from '../../kit/batcher.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { hitRateLimitsOfMany } from '../../kit/rate-limit.ts';
import { captchaUsed, type CaptchaClaim, type CaptchaUnverified, type CaptchaVerifier } from './captcha.ts';
import { agreementHashes, captchaOutages, captchaSolutions, offensiveWords, requestActions, requestBlocks, requestBlockSettings, requests, requestSettings } from './request.table.ts';

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
 * A check another service adds to the intake of one type, after the captcha and before the
 * batch's checks (form-constructor: a custom form's values against the form's definition); it
 * answers the attributes to store, or throws the AppError to answer.
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

/** What the intake knows of a request once its body, captcha and type checks passed: the rest is the batch's. */
interface CheckedRequest {
  values: typeof requests.$inferInsert;
  claim: CaptchaClaim | null;
  /** Why the smart captcha could not be checked (null: it was): the request is stored unverified, its actions held. */
  unverified: string | null;
  words: string[];
  /** The block sources of its sender (phone, e-mail, address), as blocks store them. */
  sources: { source_type: string; source: string }[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A json column as the driver gave it (node-postgres parses json; be safe with a string). */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const sourceKey = (siteId: number, source: { source_type: string; source: string }) => `${siteId}|${source.source_type}|${source.source}`;

type Block = { id: number; site_id: number; source_type: string; source: string; block_type: string };
/** A site's enabled block settings (request_block_settings) as the intake applies them. */
type BlockRule = { site_id: number; by_phone: boolean; by_email: boolean; by_ip: boolean; max_requests: number; period_minutes: number; block_type: string; block_minutes: number | null };
/** A block the rules make in this batch; `count` is its refused attempts (the request that made it first). */
type NewBlock = { site_id: number; client_id: number; source_type: string; source: string; block_type: string; block_minutes: number | null; max_requests: number; period_minutes: number; count: number };
interface Found {
  claimed: Set<string>;
  agreements: Set<string>;
  offensive: Set<string>;
  blocks: Map<string, Block>;
  /** The sites' enabled block settings, by site. */
  rules: Map<number, BlockRule>;
  /** Requests stored within its rule's minutes, by sender source the rules count (sourceKey). */
  recent: Map<string, number>;
}

/**
 * What the batch's checks need from the database, in one statement: takes the captcha claims (each
 * challenge once; a solution is kept until its challenge expires) and reads the consent texts, the
 * offensive words and the active blocks that the requests name.
 */
async function lookUp(tx: DbOrTx, batch: CheckedRequest[]): Promise<Found> {
  const claims = new Map<string, CaptchaClaim>();
  for (const { claim } of batch) if (claim && !claims.has(claim.challenge_id)) claims.set(claim.challenge_id, claim);
  const agreements = batch.map(({ values }) => ({ site_id: values.site_id, hash: values.agreement_hash }));
  const words = [...new Set(batch.flatMap((one) => one.words))];
  const sources = new Map(batch.flatMap((one) => one.sources.map((source) => [sourceKey(one.values.site_id, source), { site_id: one.values.site_id, ...source }] as const)));
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const sites = [...new Set(batch.map(({ values }) => values.site_id))];
  const [row] = rowsOf<Record<keyof Found, unknown>>(
    await tx.execute(sql`
      with claimed as (
        insert into ${captchaSolutions} (challenge_id, expires_at)
        select challenge_id, expires_at from jsonb_to_recordset(${json([...claims.values()])}) as x(challenge_id text, expires_at timestamptz)
        on conflict do nothing
        returning challenge_id
      )
      select
        coalesce((select json_agg(challenge_id) from claimed), '[]') as claimed,
        coalesce((select json_agg(a.site_id || '|' || a.hash) from ${agreementHashes} a
          join jsonb_to_recordset(${json(agreements)}) as x(site_id int, hash text) on a.site_id = x.site_id and a.hash = x.hash), '[]') as agreements,
        coalesce((select json_agg(raw) from ${offensiveWords} where raw in (select value from jsonb_array_elements_text(${json(words)}))), '[]') as offensive,
        coalesce((select json_agg(json_build_object('id', b.id, 'site_id', b.site_id, 'source_type', b.source_type, 'source', b.source, 'block_type', b.block_type)) from ${requestBlocks} b
          join jsonb_to_recordset(${json([...sources.values()])}) as x(site_id int, source_type text, source text) on b.site_id = x.site_id and b.source_type = x.source_type and b.source = x.source
          where b.until is null or b.until > now()), '[]') as blocks,
        coalesce((select json_agg(s) from ${requestBlockSettings} s where s.enabled and s.site_id in (select (value)::int from jsonb_array_elements_text(${json(sites)}))), '[]') as rules,
        coalesce((select json_agg(json_build_object('site_id', x.site_id, 'source_type', x.source_type, 'source', x.source, 'n', (
            select count(*) from ${requests} r
            where r.site_id = x.site_id and r.depersonalized_at is null and r.created_at > now() - make_interval(mins => s.period_minutes)
              and case x.source_type when 'phone' then regexp_replace(coalesce(r.phone, ''), '\\D', '', 'g') = x.source when 'email' then lower(r.email) = x.source else lower(r.ip) = x.source end)))
          from jsonb_to_recordset(${json([...sources.values()])}) as x(site_id int, source_type text, source text)
          join ${requestBlockSettings} s on s.site_id = x.site_id and s.enabled
            and ((x.source_type = 'phone' and s.by_phone) or (x.source_type = 'email' and s.by_email) or (x.source_type = 'ip' and s.by_ip))), '[]') as recent`),
  );
  return {
    claimed: new Set(parsed<string[]>(row!.claimed)),
    agreements: new Set(parsed<string[]>(row!.agreements)),
    offensive: new Set(parsed<string[]>(row!.offensive)),
    blocks: new Map(parsed<Block[]>(row!.blocks).map((block) => [sourceKey(block.site_id, block), block])),
    rules: new Map(parsed<BlockRule[]>(row!.rules).map((rule) => [rule.site_id, rule])),
    recent: new Map(parsed<{ site_id: number; source_type: string; source: string; n: number }[]>(row!.recent).map((one) => [sourceKey(one.site_id, one), Number(one.n)])),
  };
}

/** The block that holds a sender now: the first by id among its sources' (null: none). */
function blockOf(one: CheckedRequest, blocks: Map<string, Block>): Block | null {
  let first: Block | null = null;
  for (const source of one.sources) {
    const block = blocks.get(sourceKey(one.values.site_id, source));
    if (block && (!first || block.id < first.id)) first = block;
  }
  return first;
}

/**
 * The block the site's rules make for a sender now (null: none): its first source the rules count
 * that already sent `max_requests` within the rule's minutes (those stored before and earlier in
 * this batch). The request over the limit is the block's first refused attempt.
 */
function ruleBlockOf(one: CheckedRequest, rule: BlockRule | undefined, recent: Map<string, number>, storedNow: Map<string, number>): NewBlock | null {
  if (!rule) return null;
  const counted = { phone: rule.by_phone, email: rule.by_email, ip: rule.by_ip } as Record<string, boolean>;
  for (const source of one.sources) {
    if (!counted[source.source_type]) continue;
    const key = sourceKey(one.values.site_id, source);
    if ((recent.get(key) ?? 0) + (storedNow.get(key) ?? 0) < rule.max_requests) continue;
    const { block_type, block_minutes, max_requests, period_minutes } = rule;
    return { site_id: one.values.site_id, client_id: one.values.client_id, ...source, block_type, block_minutes, max_requests, period_minutes, count: 1 };
  }
  return null;
}

type StoredAction = { id: number; job_id: string };
/** The smart captcha's outages of a batch, per site: how many, and the last cause. */
type Outages = Map<number, { client_id: number; n: number; cause: string }>;
type Outcome = AppError | { id: number | null; actions: StoredAction[] };

/**
 * The requests and a row per action of their settings (type, tag), each action with the id its job
 * will have, the blocks' counts of refused attempts and the sites' smart captcha outages, in one
 * statement. Ids are drawn first, so each request's row is known by its place. The actions of a
 * request whose captcha is not verified are stored held, without a job; only pending ones are
 * answered, to be queued.
 */
async function storeRequests(tx: DbOrTx, batch: (typeof requests.$inferInsert)[], attempts: Map<number, number>, outages: Outages, newBlocks: NewBlock[]): Promise<{ id: number; actions: StoredAction[] }[]> {
  const input = JSON.stringify(batch.map((values, ord) => ({ ...values, ord })));
  const blocksMade = JSON.stringify(newBlocks);
  const counts = JSON.stringify([...attempts].map(([id, n]) => ({ id, n })));
  const outageRows = JSON.stringify([...outages].map(([site_id, outage]) => ({ site_id, ...outage })));
  const rows = rowsOf<{ id: number; actions: unknown }>(
    await tx.execute(sql`
      with input as materialized (
        select x.*, nextval(pg_get_serial_sequence('requests', 'id'))::int as id
        from jsonb_to_recordset(${input}::jsonb) as x(ord int, site_id int, client_id int, type smallint, page_id int, dealer_id int, gender smallint, name text, last_name text,
          phone text, email text, text text, text_input text, fields jsonb, analytics jsonb, agreement_hash text, tag text, ip text, captcha_check text)
      ), request as (
        insert into ${requests} (id, site_id, client_id, type, page_id, dealer_id, gender, name, last_name, phone, email, text, text_input, fields, analytics, processing_of_personal_data, agreement_hash, tag, ip, captcha_check)
        select id, site_id, client_id, type, page_id, dealer_id, gender, name, last_name, phone, email, text, text_input, fields, analytics, true, agreement_hash, tag, ip, captcha_check from input order by ord
        returning id, site_id, type, tag, captcha_check
      ), actions as (
        insert into ${requestActions} (request_id, site_id, client_id, settings_id, kind, action_id, status, job_id)
        select request.id, s.site_id, s.client_id, s.id, picked.action->>'kind', (picked.action->>'id')::int,
          case when request.captcha_check = 'unverified' then 'held' else 'pending' end,
          case when request.captcha_check = 'unverified' then null else gen_random_uuid()::text end
        from request
        join ${requestSettings} s on s.site_id = request.site_id and s.request_type = request.type and not s.archived and (s.tag is null or s.tag = request.tag)
        cross join lateral jsonb_array_elements(s.actions) with ordinality as picked(action, n)
        order by request.id, s.id, picked.n
        returning id, request_id, job_id, status
      ), counted as (
        update ${requestBlocks} b set count = b.count + x.n from jsonb_to_recordset(${counts}::jsonb) as x(id int, n int) where b.id = x.id
      ), outages as (
        insert into ${captchaOutages} (site_id, client_id, count, last_at, last_error)
        select site_id, client_id, n, now(), cause from jsonb_to_recordset(${outageRows}::jsonb) as x(site_id int, client_id int, n int, cause text)
        on conflict (site_id) do update set count = ${captchaOutages}.count + excluded.count, last_at = excluded.last_at, last_error = excluded.last_error
      ), made as (
        insert into ${requestBlocks} (site_id, client_id, source_type, source, block_type, until, count, auto_rule)
        select site_id, client_id, source_type, source, block_type, case when block_minutes is null then null else now() + make_interval(mins => block_minutes) end, count,
          jsonb_build_object('max_requests', max_requests, 'period_minutes', period_minutes)
        from jsonb_to_recordset(${blocksMade}::jsonb) as x(site_id int, client_id int, source_type text, source text, block_type text, block_minutes int, max_requests int, period_minutes int, count int)
        on conflict (site_id, source_type, source) do update set block_type = excluded.block_type, until = excluded.until, count = ${requestBlocks}.count + excluded.count,
          auto_rule = excluded.auto_rule, updated_at = now()
      )
      select input.id, coalesce(a.actions, '[]') as actions
      from input left join (
        select request_id, json_agg(json_build_object('id', id, 'job_id', job_id) order by id) filter (where status = 'pending') as actions from actions group by request_id
      ) a on a.request_id = input.id
      order by input.ord`),
  );
  return rows.map(({ id, actions }) => ({ id, actions: parsed<StoredAction[]>(actions) }));
}

/** The batch's checks that need the database, in the order a lone request meets them, then its storage: an outcome per request. */
async function checkAndStore(tx: DbOrTx, batch: CheckedRequest[]): Promise<Outcome[]> {
  const found = await lookUp(tx, batch);
  const claimed = new Set<string>();
  const attempts = new Map<number, number>();
  // Every outage counts, whatever the request's other checks say.
  const outages: Outages = new Map();
  for (const { values, unverified } of batch) {
    if (unverified === null) continue;
    const outage = outages.get(values.site_id) ?? { client_id: values.client_id, n: 0, cause: unverified };
    outages.set(values.site_id, { ...outage, n: outage.n + 1, cause: unverified });
  }
  // The blocks the sites' rules make in this batch, and the requests stored so far per source the rules count.
  const made = new Map<string, NewBlock>();
  const storedNow = new Map<string, number>();
  const outcomes: (Outcome | undefined)[] = batch.map((one) => {
    // The first of two claims of one challenge takes it.
    if (one.claim && (!found.claimed.has(one.claim.challenge_id) || claimed.has(one.claim.challenge_id))) return captchaUsed();
    if (one.claim) claimed.add(one.claim.challenge_id);
    if (!found.agreements.has(`${one.values.site_id}|${one.values.agreement_hash}`)) return badRequest('request_agreement_unknown', '/data/attributes/agreement_hash');
    if (one.words.some((word) => found.offensive.has(word))) return badRequest('request_offensive', '/data/attributes/text');
    const block = blockOf(one, found.blocks);
    if (block) {
      attempts.set(block.id, (attempts.get(block.id) ?? 0) + 1);
      return refusedBy(block);
    }
    const keys = one.sources.map((source) => sourceKey(one.values.site_id, source));
    const madeNow = keys.map((key) => made.get(key)).find((ruled) => ruled);
    if (madeNow) {
      madeNow.count += 1;
      return refusedBy(madeNow);
    }
    const ruled = ruleBlockOf(one, found.rules.get(one.values.site_id), found.recent, storedNow);
    if (ruled) {
      made.set(sourceKey(ruled.site_id, ruled), ruled);
      return refusedBy(ruled);
    }
    for (const key of keys) storedNow.set(key, (storedNow.get(key) ?? 0) + 1);
    return undefined;
  });
  const storing = batch.flatMap((one, i) => (outcomes[i] === undefined ? [{ one, i }] : []));
  if (storing.length || attempts.size || outages.size || made.size) {
    const stored = await storeRequests(tx, storing.map(({ one }) => one.values), attempts, outages, [...made.values()]);
    storing.forEach(({ i }, k) => (outcomes[i] = stored[k]));
  }
  return outcomes as Outcome[];
}

/** What a blocked sender is answered: reject is a 403; silent looks accepted, nothing stored. */
const refusedBy = (block: { block_type: string }): Outcome => (block.block_type === 'reject' ? new AppError(403, 'request_blocked') : { id: null, actions: [] });

/** A request whose body, captcha and type checks passed, as the batch checks and stores it. */
function checkedRequest({ site, type, ip }: IntakeCall, attrs: Record<string, unknown> & z.output<(typeof REQUEST_INPUTS)[1]>, captcha: CaptchaClaim | CaptchaUnverified | null): CheckedRequest {
  const unverified = captcha && 'unverified' in captcha ? captcha.unverified : null;
  const fields = Object.fromEntries(Object.entries(attrs).filter(([key, value]) => !(REQUEST_COMMON_KEYS as readonly string[]).includes(key) && value !== undefined));
  // Its sender as blocks name one (request.hooks.ts stores them through the same key).
  const senders: [string, string | null | undefined][] = [['phone', attrs.phone], ['email', attrs.email], ['ip', ip]];
  const sources = senders.filter(([, raw]) => raw).map(([sourceType, raw]) => ({ source_type: sourceType, source: blockSourceKey(sourceType, raw!) }));
  return {
    claim: captcha && 'challenge_id' in captcha ? captcha : null,
    unverified,
    sources,
    words: wordsOf([attrs.name, attrs.last_name, attrs.text, attrs.text_input, fields.subject, ...Object.values((fields.content as Record<string, unknown>) ?? {})]),
    values: {
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
      analytics: { ...attrs.analytics },
      agreement_hash: attrs.agreement_hash,
      tag: typeof fields.tag === 'string' ? fields.tag : null,
      ip,
      captcha_check: unverified === null ? null : 'unverified',
    },
  };
}

/**
 * The public intake of sites' requests (docs/decisions/requests.md, "In which order are requests
 * checked?" and "How do requests arriving together share work?"): limits per address and per site,
 * the body's strict shape, the captcha, the consent's hash, offensive words, sender blocks; then
 * the request and its actions to run are stored and the caller is answered; the actions' jobs are
 * sent afterwards (`queued`): a queue that is down loses nothing, the rows stay pending for the
 * sender to pick up. The statements are shared by the requests arriving together (kit/batcher.ts):
 * the limits in one, the checks and the storage in one transaction.
 */
export function requestIntake(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'log' | 'modules'>, captcha: CaptchaVerifier, checks: IntakeChecks = {}) {
  const limits = new Batcher<IntakeCall, null>((calls) =>
    hitRateLimitsOfMany(
      ctx.db,
      calls.map(({ site, ip }) => [
        { key: `requests:ip:${ip}`, limit: intakeLimits.perAddress },
        { key: `requests:site:${site.id}`, limit: intakeLimits.perSite },
      ]),
    ),
  );
  const storage = new Batcher<CheckedRequest, IntakeResult>((batch) => storeBatch(ctx, batch), { max: 256, concurrency: 1 });

  async function accept(call: IntakeCall): Promise<IntakeResult> {
    const { site, type } = call;
    await assertTakesRequests(ctx, site);
    const parsed = requestIntakeBody(type).safeParse(call.body);
    await limits.submit(call);
    if (!parsed.success) throw bodyErrors(parsed.error);
    const { attributes, captcha: answer } = parsed.data.data;
    const checked = await captcha.verify(site.id, answer);
    let attrs = attributes as Record<string, unknown> & z.output<(typeof REQUEST_INPUTS)[1]>;
    const check = checks[type];
    if (check) attrs = (await check(site, attrs)) as typeof attrs;
    return storage.submit(checkedRequest(call, attrs, checked));
  }
  return { accept };
}

/**
 * A site takes requests while its requests module is installed and active (spec 000 §2); otherwise
 * the visitor is told, without a word of modules or payment, to call instead.
 */
async function assertTakesRequests(ctx: Pick<ServiceContext, 'modules'>, site: IntakeSite) {
  if (ctx.modules && (await ctx.modules.siteState(site.id, SERVICE_MODULES['request.storage']!)) !== 'installed') throw new AppError(403, 'requests_not_accepted');
}

/**
 * A batch's checks and storage in one transaction; its jobs in one statement after. One bad row
 * would fail the statement for all: then each request goes again alone, so only that one fails.
 */
async function storeBatch(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'log'>, batch: CheckedRequest[]): Promise<(IntakeResult | Error)[]> {
  let outcomes: Outcome[];
  try {
    outcomes = await ctx.db.transaction((tx) => checkAndStore(tx, batch));
  } catch (error) {
    if (batch.length === 1) throw error;
    const alone: (IntakeResult | Error)[] = [];
    for (const one of batch) alone.push(await storeBatch(ctx, [one]).then(([result]) => result!, (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)))));
    return alone;
  }
  const queued = queueActions(ctx, outcomes.flatMap((outcome) => (outcome instanceof Error ? [] : outcome.actions)));
  return outcomes.map((outcome): IntakeResult | Error => {
    if (outcome instanceof Error) return outcome;
    return outcome.id === null ? { status: 201, id: null, silent: true, queued } : { status: 201, id: outcome.id, queued };
  });
}

/** Sends the actions' jobs in one statement; a failure leaves the rows pending (the sender's sweep finds their jobs missing). */
export async function queueActions(ctx: Pick<ServiceContext, 'jobs' | 'log'>, actions: StoredAction[]): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (!actions.length) return;
  try {
    await ctx.jobs.sendMany(REQUEST_ACTION_JOB, actions.map((action) => ({ id: action.job_id, data: { request_action_id: action.id } })));
  } catch (error) {
    ctx.log.warn({ err: error, request_action_ids: actions.map((action) => action.id) }, 'request actions not queued; they stay pending');
  }
}
