#!/usr/bin/env node
// Runs a command against a fresh, throw-away PostgreSQL database:
//
//   node scripts/with-postgres.mjs vitest run --project server
//
// Connects to DATABASE_URL (default postgres://root@127.0.0.1:5432/postgres), creates
// adloom_test_<random>, runs the command with TEST_DATABASE_URL pointing at it, drops the
// database afterwards (also when the command fails or is interrupted) and exits with the
// command's exit code.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// pg is a dependency of the server package.
const pg = createRequire(join(root, 'apps', 'server', 'package.json'))('pg');

const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const database = `adloom_test_${randomBytes(6).toString('hex')}`;
const testUrl = new URL(adminUrl);
testUrl.pathname = `/${database}`;
const redacted = (url) => {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  return copy.toString();
};

async function withAdmin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

try {
  await withAdmin(`create database "${database}"`);
} catch (error) {
  console.error(`Cannot create a test database on ${redacted(adminUrl)}: ${error.message}`);
  console.error(
    'Is PostgreSQL running? Set DATABASE_URL to a server where this user may create databases.',
  );
  process.exit(1);
}
console.info(`with-postgres: created ${database} on ${redacted(adminUrl)}`);

let dropped = false;
async function dropDatabase() {
  if (dropped) return;
  dropped = true;
  try {
    await withAdmin(`drop database if exists "${database}" with (force)`);
    console.info(`with-postgres: dropped ${database}`);
  } catch (error) {
    console.error(`with-postgres: could not drop ${database}: ${error.message}`);
  }
}

const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: testUrl.toString(),
    // Lets the command be a local binary (vitest) when not run through npm.
    PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

const code = await new Promise((resolve) => {
  child.on('error', (error) => {
    console.error(`with-postgres: cannot run ${command}: ${error.message}`);
    resolve(127);
  });
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
await dropDatabase();
process.exit(code);
