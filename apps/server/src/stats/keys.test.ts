/**
 * The stats keys against the database the migrations made: the tables' primary keys are the
 * time and STATS_KEYS' columns in order, and the rollup trigger the migrations installed is
 * the one stats/rollup-trigger.ts makes from them. A new dimension or counter whose
 * migration forgot a table or the trigger fails here.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { COUNTER_COLUMNS, KEY_COLUMNS, STATS_KEY_COLUMNS } from './keys.js';
import { statsRollupFunctionSql } from './rollup-trigger.js';
import { DAILY_ROLLUPS, HOUR_COLUMNS } from './rollups.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function primaryKeyOf(table: string): Promise<string[]> {
  const rows = await selectRows<{ column_name: string }>(
    t.db,
    sql`select a.attname as column_name
        from pg_index i
        join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = ${table}::regclass and i.indisprimary
        order by k.position`,
  );
  return rows.map((row) => row.column_name);
}

describe('the stats keys in the database', () => {
  it.each([
    ['stats_hourly', 'hour'],
    ['stats_daily', 'day'],
  ])('keys %s by its time and every stats key, in order', async (table, time) => {
    expect(await primaryKeyOf(table)).toEqual([time, ...KEY_COLUMNS]);
  });

  it('gives each key column the type STATS_KEYS says', async () => {
    const rows = await selectRows<{ column_name: string; data_type: string }>(
      t.db,
      sql`select column_name, data_type from information_schema.columns
          where table_name = 'stats_hourly'`,
    );
    const types = new Map(rows.map((row) => [row.column_name, row.data_type]));
    for (const key of STATS_KEY_COLUMNS) expect(types.get(key.column)).toBe(key.type);
  });

  it('runs the rollup trigger stats/rollup-trigger.ts makes (npm run db:rollup-trigger)', async () => {
    const [row] = await selectRows<{ body: string }>(
      t.db,
      sql`select prosrc as body from pg_proc where proname = 'stats_rollup'`,
    );
    const made = /AS \$\$\n([\s\S]*)\$\$;$/.exec(statsRollupFunctionSql())?.[1];
    expect(made).toBeTruthy();
    expect(row?.body.trim()).toBe(made?.trim());
  });

  it('has the rollup trigger name every key and counter', async () => {
    const [row] = await selectRows<{ body: string }>(
      t.db,
      sql`select prosrc as body from pg_proc where proname = 'stats_rollup'`,
    );
    const body = row?.body ?? '';
    for (const column of [...KEY_COLUMNS, ...COUNTER_COLUMNS]) {
      expect(body, column).toContain(`"${column}"`);
    }
  });

  it('keys the narrow rollups as stats/rollups.ts says, and the trigger keeps each of them', async () => {
    const [row] = await selectRows<{ body: string }>(
      t.db,
      sql`select prosrc as body from pg_proc where proname = 'stats_rollup'`,
    );
    // A truncate of stats_hourly empties every rollup too.
    const [truncate] = await selectRows<{ body: string }>(
      t.db,
      sql`select prosrc as body from pg_proc where proname = 'stats_rollup_truncate'`,
    );
    for (const rollup of DAILY_ROLLUPS) {
      expect(await primaryKeyOf(rollup.table)).toEqual(['day', ...rollup.keys]);
      expect(row?.body).toContain(`"${rollup.table}"`);
      expect(truncate?.body).toContain(`"${rollup.table}"`);
      if (!rollup.byHour) continue;
      const columns = await selectRows<{ column_name: string }>(
        t.db,
        sql`select column_name from information_schema.columns
            where table_name = ${rollup.table}`,
      );
      const names = new Set(columns.map((column) => column.column_name));
      for (const column of [...HOUR_COLUMNS, ...COUNTER_COLUMNS, 'hours']) {
        expect(names.has(column), `${rollup.table}.${column}`).toBe(true);
        if (HOUR_COLUMNS.includes(column)) expect(row?.body).toContain(`"${column}"`);
      }
    }
  });
});
