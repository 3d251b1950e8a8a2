/**
 * The server side of the customer requests benchmark (run.ts), a child process so that the load
 * generator does not share this event loop: builds the app on the database named in BENCH_TARGET
 * with the demo data, jobs running in this process (the sender's retries) and TRUST_PROXY (each
 * visitor its own X-Forwarded-For address, so the per-address rate limit holds as for real
 * visitors). Sets up one demo site: its consent text, a required proxy action to the CRM stand-in
 * (127.0.0.1 allowed through OUTBOUND_ALLOW_HOSTS, as the tests do) and callback request settings
 * running it. Answers run.ts's messages over IPC: solved captcha challenges, the intake's checks,
 * the wait for the retries, the export's rows (generate_series), CPU profiles, stop.
 */
import type { AddressInfo } from 'node:net';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/kit/config.ts';
import type { AuthContext } from '../../packages/server/src/kit/request-context.ts';
import { loadDemoData, generatePassword } from '../../packages/server/src/seed/demo-data.ts';
import { sites } from '../../packages/server/src/schema.ts';
import { solveChallenge } from '../../packages/server/src/services/request.storage/captcha.ts';
import { ensureAgreement, requestStorageOf } from '../../packages/server/src/services/request.storage/request.routes.ts';
import { requestActions, requests, requestSettings } from '../../packages/server/src/services/request.storage/request.table.ts';
import { senderSettings } from '../../packages/server/src/services/sender/run-request-action.ts';
import { lostCondition, lostSince } from '../../packages/server/src/services/sender/lost-requests.ts';
import { proxyActions } from '../../packages/server/src/services/sender/sender.table.ts';
import { serveUntilStop } from '../api/target-process.ts';

export interface TargetInput {
  databaseUrl: string | null;
  dataDir: string;
  /** The CRM stand-in (down: it answers 500). */
  crmUrl: string;
  /** Runs of a proxy action in all, and the first back-off, ms (short for the bench). */
  attempts: number;
  retryBaseMs: number;
  /** The proof of work's zero bits (the sites' 16 cost a visitor's browser ~0.1 s; the check is the same). */
  captchaBits: number;
}

export interface TargetReady {
  type: 'ready';
  kind: 'pglite' | 'postgres';
  appUrl: string;
  siteId: number;
  siteHost: string;
  agreementHash: string;
  /** The demo administrator's access token (the export). */
  token: string;
}

const send = (message: object) => process.send?.(message);
const DEMO_SITE = 'kia-avtograd';

async function main() {
  if (!process.send) throw new Error('target.ts is started by bench/requests/run.ts (it needs the IPC channel)');
  const input = JSON.parse(process.env.BENCH_TARGET ?? 'null') as TargetInput | null;
  if (!input) throw new Error('BENCH_TARGET is not set');
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';

  let application: App | null = null;
  const cleanup = async () => {
    await application?.close().catch((error) => console.error('closing the app failed:', error));
  };
  process.on('disconnect', () => void cleanup().finally(() => process.exit(1)));

  try {
    const config = loadConfig(
      {},
      { databaseUrl: input.databaseUrl, dataDir: input.dataDir, memoryDb: false, logLevel: 'silent', runJobs: process.env.BENCH_RUN_JOBS !== '0', loadDemoData: false, webDist: null, host: '127.0.0.1', trustProxy: true, accessTokenTtlSeconds: 3600 },
    );
    application = await buildApp(config);
    const { app, database, ctx } = application;
    const db = database.db;
    const password = generatePassword();
    const demo = await loadDemoData(db, password);
    if (!demo) throw new Error('the bench database is not empty');
    requestStorageOf(app).captchaBits = input.captchaBits;
    Object.assign(senderSettings(ctx), { attempts: input.attempts, retryBaseMs: input.retryBaseMs, timeoutMs: 2000 });

    const [site] = await db.select().from(sites).where(eq(sites.technical_host, `${DEMO_SITE}.localhost`));
    if (!site) throw new Error(`no demo site ${DEMO_SITE}`);
    const agreementHash = await ensureAgreement(db, site, 'Я согласен на обработку персональных данных (бенчмарк)');
    const [action] = await db.insert(proxyActions).values({ site_id: site.id, client_id: site.client_id, title: 'CRM (stand-in, down)', url: `${input.crmUrl}/leads`, is_required: true }).returning();
    // The demo's own callback settings (if any) are archived: the bench's one action a request.
    await db.update(requestSettings).set({ archived: true }).where(eq(requestSettings.site_id, site.id));
    await db.insert(requestSettings).values({ site_id: site.id, client_id: site.client_id, request_type: 1, actions: [{ kind: 'proxy_action', id: action!.id }] });
    // The demo's own requests are not the bench's: only those after this id count.
    const [last] = await db.select({ id: sql<number>`coalesce(max(${requests.id}), 0)`.mapWith(Number) }).from(requests);
    const baseline = last!.id;

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const signIn = await fetch(`${appUrl}/gateway/auth.processing/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { method: 'password', identity: demo.admin, secret: password } }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;

    const storage = requestStorageOf(app);
    const all = { scope: 'all' } as AuthContext;
    const ofSite = eq(requests.site_id, site.id);
    const counts = async () => {
      const mine = sql`r.site_id = ${site.id} and r.id > ${baseline}`;
      const [row] = await db
        .select({
          stored: sql<number>`(select count(*) from requests r where ${mine})`.mapWith(Number),
          actions: sql<number>`(select count(*) from request_actions a join requests r on r.id = a.request_id where ${mine})`.mapWith(Number),
          queued: sql<number>`(select count(*) from request_actions a join requests r on r.id = a.request_id where ${mine} and a.job_id is not null)`.mapWith(Number),
          without: sql<number>`(select count(*) from requests r where ${mine} and not exists (select 1 from request_actions a where a.request_id = r.id))`.mapWith(Number),
          pending: sql<number>`(select count(*) from request_actions a join requests r on r.id = a.request_id where ${mine} and a.status = 'pending')`.mapWith(Number),
          failed: sql<number>`(select count(*) from request_actions a join requests r on r.id = a.request_id where ${mine} and a.status = 'failed' and a.attempts = ${input.attempts})`.mapWith(Number),
        })
        .from(sql`(select 1) one`);
      const [lost] = await db.select({ n: count() }).from(requests).where(and(lostCondition(all, site.id, { from: lostSince(new Date()) }), sql`${requests.id} > ${baseline}`));
      return { ...row!, lost: lost!.n };
    };

    send({ type: 'ready', kind: database.kind, appUrl, siteId: site.id, siteHost: `${DEMO_SITE}.localhost`, agreementHash, token } satisfies TargetReady);
    await serveUntilStop(send, (message: { type?: string; count?: number; rows?: number }) => {
      const answer = (work: () => Promise<object>) =>
        void work().then(
          (body) => send({ type: `${message.type}-done`, ...body }),
          (error) => send({ type: `${message.type}-done`, error: String(error?.stack ?? error) }),
        );
      // Challenges signed for the site and solved, one per request (each is taken once).
      if (message?.type === 'challenges')
        answer(async () => ({ answers: Array.from({ length: message.count! }, () => {
          const { challenge } = storage.captcha.challenge(site.id);
          return { challenge, nonce: solveChallenge(challenge) };
        }) }));
      // The intake's figures once every accepted request's job is sent (queueing follows the answer).
      else if (message?.type === 'counts') answer(counts);
      else if (message?.type === 'seed-export')
        answer(async () => {
          const started = performance.now();
          // The trigram indexes of the lists' search (GIN, fastupdate off) are most of the cost of
          // inserting a million rows one by one: dropped, and built once after the insert.
          const search = await database.executeSql(`select indexname, indexdef from pg_indexes where tablename = 'requests' and indexdef like '%USING gin%'`);
          for (const index of search.rows as { indexname: string }[]) await database.executeSql(`drop index "${index.indexname}"`);
          // 1,000,000 realistic rows in one statement: a person, a phone, fields, UTM and the page.
          await db.execute(sql`insert into requests (site_id, client_id, type, name, last_name, phone, email, text, fields, analytics, processing_of_personal_data, agreement_hash, ip, created_at)
            select ${site.id}, ${site.client_id}, 1 + (i % 4), 'Анна ' || i, 'Иванова', '+7 (9' || lpad((i % 100)::text, 2, '0') || ') ' || lpad((i % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
              'anna' || i || '@example.ru', case when i % 3 = 0 then 'Перезвоните после обеда, пожалуйста' end,
              jsonb_build_object('subject', 'Кредит', 'department_name', 'Продажи'),
              jsonb_build_object('utm', jsonb_build_object('source', 'yandex', 'campaign', 'winter-' || (i % 10)), 'page', jsonb_build_object('page_url', 'https://kia-avtograd.ru/models/rio')),
              true, ${agreementHash}, '10.0.0.1', now() - (i || ' seconds')::interval
            from generate_series(1, ${message.rows!}) i`);
          for (const index of search.rows as { indexdef: string }[]) await database.executeSql(index.indexdef);
          await database.executeSql('analyze requests');
          const [row] = await db.select({ n: count() }).from(requests).where(and(ofSite, isNull(requests.depersonalized_at)));
          return { seconds: (performance.now() - started) / 1000, total: row!.n };
        });
    });
    await cleanup();
    process.exit(0);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await cleanup();
    process.exit(1);
  }
}

await main();
