/**
 * Parallel top-ups and spends on one account (issue 4): no lost update, no overdraft, a
 * consistent balance_after chain. Meaningful on PostgreSQL (TEST_DATABASE_URL), where the
 * pool runs the transactions on several connections at once; PGlite serialises them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { entriesOf } from '../../test/accounts.js';
import { openTestDatabase } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { postLedgerEntry, spend } from './service.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(12);
});
afterAll(async () => {
  await handle.close();
});

const START = 1_000_000;
const TOP_UP = 100_000;
const SPEND = 300_000;
const EACH = 40;

describe('ledger concurrency', () => {
  it('never loses an update nor overdraws under parallel top-ups and spends', async () => {
    const db = handle.db;
    const user = await buildUser(db);
    await postLedgerEntry(db, {
      userId: user.id,
      kind: 'topUp',
      amount: START,
      note: 'start',
      actorId: null,
      actingUserId: null,
    });

    const operations = Array.from({ length: EACH * 2 }, (_unused, index) =>
      index % 2 === 0
        ? () =>
            postLedgerEntry(db, {
              userId: user.id,
              kind: 'topUp',
              amount: TOP_UP,
              note: `top-up ${index}`,
              actorId: user.id,
              actingUserId: user.id,
            }).then((row) => row.amount)
        : () => spend(db, user.id, SPEND, { note: `spend ${index}` }).then((row) => row?.amount),
    );
    const outcomes = await Promise.all(operations.map((operation) => operation()));

    const accepted = outcomes.filter((amount): amount is number => amount !== undefined);
    const refused = outcomes.length - accepted.length;
    const acceptedSpends = accepted.filter((amount) => amount < 0).length;
    expect(accepted.filter((amount) => amount > 0)).toHaveLength(EACH);
    expect(acceptedSpends).toBeGreaterThanOrEqual(Math.floor(START / SPEND));
    expect(acceptedSpends).toBeLessThanOrEqual(Math.floor((START + EACH * TOP_UP) / SPEND));
    expect(refused).toBe(EACH - acceptedSpends);

    const entries = await entriesOf(db, user.id);
    expect(entries).toHaveLength(1 + accepted.length);
    let previous = 0;
    for (const entry of entries) {
      expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
      expect(entry.balanceAfter).toBe(previous + entry.amount);
      previous = entry.balanceAfter;
    }
    const sum = accepted.reduce((total, amount) => total + amount, 0);
    expect(previous).toBe(START + sum);

    if (handle.kind === 'postgres') expect(handle.client.totalCount).toBeGreaterThan(1);
  });
});
