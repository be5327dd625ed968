/**
 * Creates or drops a throwaway PostgreSQL database for one CI run.
 *   node scripts/ci-database.mjs create <name>   → prints the DATABASE_URL
 *   node scripts/ci-database.mjs drop <name>
 * The server is taken from PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z_][a-z0-9_]{0,62}$/.test(name ?? '')) {
  console.error('usage: node scripts/ci-database.mjs create|drop <lower_snake_name>');
  process.exit(2);
}
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === 'create') {
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    console.log(url.toString());
  } else {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} finally {
  await client.end();
}
