import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/index.js';
import { selectRows, type Database, type DatabaseHandle } from './client.js';
import { tablesDue, upkeepTables } from './upkeep.js';

interface TableState {
  vacuumed: boolean;
  analysed: boolean;
  pages: number;
  rows: number;
  allVisible: number;
}

async function stateOf(db: Database, table: string): Promise<TableState> {
  // The statistics system publishes a backend's counts at most once a second: now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await selectRows<TableState>(
    db,
    sql`select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed,
          c.relpages as pages, c.reltuples::int as rows, c.relallvisible as "allVisible"
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.relname = ${table}`,
  );
  if (!row) throw new Error(`no table ${table}`);
  return row;
}

// The upkeep runs on the embedded database only (main.ts); PostgreSQL's autovacuum would
// race these counts.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database upkeep', () => {
  let database: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    database = await openTestDatabase(1);
    db = database.db;
    // Churned: 5,000 rows, 3,000 updated, 500 deleted: past the dead-row threshold.
    await db.execute(sql`create table upkeep_churned (id int primary key, v int not null)`);
    await db.execute(sql`insert into upkeep_churned select g, g from generate_series(1, 5000) g`);
    await db.execute(sql`update upkeep_churned set v = v + 1 where id <= 3000`);
    await db.execute(sql`delete from upkeep_churned where id > 4500`);
    // Quiet: analysed once, then ten rows more, under every threshold.
    await db.execute(sql`create table upkeep_quiet (id int primary key)`);
    await db.execute(sql`vacuum (analyze) upkeep_quiet`);
    await db.execute(sql`insert into upkeep_quiet select generate_series(1, 10)`);
    // Never analysed, whatever its counters say (PGlite forgets them at a restart).
    await db.execute(sql`create table upkeep_unknown (id int primary key)`);
    // Grown: 100 rows analysed and vacuumed, then 200 more: past the changed-row threshold
    // only (an insert needs 1,000 + 20 % to call for a vacuum).
    await db.execute(sql`create table upkeep_grown (id int primary key)`);
    await db.execute(sql`insert into upkeep_grown select generate_series(1, 100)`);
    await db.execute(sql`vacuum (analyze) upkeep_grown`);
    await db.execute(sql`insert into upkeep_grown select generate_series(101, 300)`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('finds the tables autovacuum would treat, and what each needs', async () => {
    const due = await tablesDue(db);
    expect(due).toContainEqual({ table: 'upkeep_churned', work: 'vacuum' });
    expect(due).toContainEqual({ table: 'upkeep_grown', work: 'analyze' });
    expect(due).toContainEqual({ table: 'upkeep_unknown', work: 'vacuum' });
    expect(due.map((entry) => entry.table)).not.toContain('upkeep_quiet');
  });

  it('vacuums and analyses them, which gives the planner sizes and marks pages all-visible', async () => {
    expect(await stateOf(db, 'upkeep_churned')).toMatchObject({ vacuumed: false, pages: 0 });
    const done = await upkeepTables(db);
    expect(done).toContainEqual({ table: 'upkeep_churned', work: 'vacuum' });

    const churned = await stateOf(db, 'upkeep_churned');
    expect(churned).toMatchObject({ vacuumed: true, analysed: true, rows: 4500 });
    expect(churned.pages).toBeGreaterThan(0);
    expect(churned.allVisible).toBe(churned.pages);
    // Analysed, not vacuumed again: its reltuples now count the 300 rows.
    expect(await stateOf(db, 'upkeep_grown')).toMatchObject({ analysed: true, rows: 300 });
    expect(await stateOf(db, 'upkeep_quiet')).toMatchObject({ rows: 0 });

    // Nothing of theirs is due after the pass.
    const after = (await tablesDue(db)).map((entry) => entry.table);
    expect(after).not.toContain('upkeep_churned');
    expect(after).not.toContain('upkeep_grown');
    expect(after).not.toContain('upkeep_unknown');
  }, 60_000);
});
