import { loadConfig } from './kit/config.ts';
import { openDatabase } from './kit/db.ts';
import type { loadDemoData } from './seed/demo-data.ts';

/** `npm start`: one process serving the SPA and the API, jobs included unless RUN_JOBS=false. */
async function main() {
  const config = loadConfig();
  // The database opens (in its own thread when embedded) while the server's code loads.
  const opening = openDatabase(config);
  opening.catch(() => undefined);
  const [{ buildApp }, { loadDemoData }, { warmUp }] = await Promise.all([import('./app.ts'), import('./seed/demo-data.ts'), import('./services.ts')]);
  const { app, database, ctx, close } = await buildApp(config, { database: await opening });
  if (config.loadDemoData) {
    // ctx.files: the demo stages' pictures go to the media library (content.storage, media.storage).
    const demo = await loadDemoData(database.db, config.demoPassword, ctx.files);
    if (demo) printDemoSignIn(demo, config.port);
  }
  // The usual first requests once before the server says it is healthy (docs/performance.md, bench:burst).
  await warmUp(app, ctx);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'dealer platform started');
  console.log(`\n  Dealer platform: http://localhost:${config.port}   API docs: http://localhost:${config.port}/docs\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

function printDemoSignIn(demo: NonNullable<Awaited<ReturnType<typeof loadDemoData>>>, port: number) {
  const lines = [
    '',
    '  Demo data loaded. Sign in at http://localhost:' + port,
    `    administrator: ${demo.admin}`,
    ...demo.users.map((u) => `    ${u.role.padEnd(15)} ${u.email.padEnd(32)} ${u.client}`),
    `    password for every demo account: ${demo.password}`,
    demo.generated ? '    (generated for this installation and shown only now; set DEMO_PASSWORD to choose one)' : '',
    '',
  ];
  // Printed, not logged: the password must not end up in log storage.
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
