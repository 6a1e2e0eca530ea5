#!/usr/bin/env node
/**
 * Regenerates the newest, not-yet-landed migration from src/db/schema/: removes
 * drizzle/NNNN_<name>.sql, its snapshot and journal entry, then runs drizzle-kit generate
 * with the same name. Only for a migration that has not landed on main.
 * Usage: node scripts/regen-migration.mjs 0002 advertising
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [index, name] = process.argv.slice(2);
if (!/^\d{4}$/.test(index ?? '') || !name) {
  console.error('usage: node scripts/regen-migration.mjs NNNN name');
  process.exit(2);
}
const dir = join(import.meta.dirname, '..', 'apps', 'server', 'drizzle');
const journalPath = join(dir, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
journal.entries = journal.entries.filter((entry) => entry.idx !== Number(index));
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
rmSync(join(dir, `${index}_${name}.sql`), { force: true });
rmSync(join(dir, 'meta', `${index}_snapshot.json`), { force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', name], {
  cwd: join(dir, '..'),
  stdio: 'inherit',
});
