// The PostgreSQL pass of `npm test`: the server tests again, each file on a fresh database
// created on the server of DATABASE_URL (and dropped after). Skipped without DATABASE_URL.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('PostgreSQL pass skipped: DATABASE_URL is not set (the server tests ran on PGlite).');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
