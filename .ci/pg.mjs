// CI helper: `create` prints a DATABASE_URL of a fresh database when PostgreSQL answers on
// 127.0.0.1:5432 (nothing otherwise); `drop <url>` removes it.
import pg from 'pg';

const server = process.env.CI_PG_URL || `postgres://${process.env.PGUSER || 'root'}@127.0.0.1:5432/postgres`;
const [command, target] = process.argv.slice(2);
const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch {
  process.exit(0);
}
if (command === 'create') {
  const name = `ci_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await client.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  console.log(url.toString());
} else if (command === 'drop' && target) {
  const name = new URL(target).pathname.slice(1);
  if (/^ci_\d+_\d+$/.test(name)) await client.query(`drop database if exists ${name} with (force)`);
}
await client.end();
