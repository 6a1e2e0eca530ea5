/**
 * The business demo's people and money: a second agency with its advertisers, an advertiser
 * about to run dry, and a month of top-ups by finance (with the balance each one left), so
 * the finance dashboard has history and the agent dashboards have clients.
 */
import { LedgerKind, abilityFromNames, toMicros } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { ledgerEntries } from '../../schema.js';
import type { DemoAccount } from '../accounts.js';

const advertiser = abilityFromNames(['login', 'adManage']);

export const BUSINESS_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'agency_north',
    nickname: 'Northwind Agency',
    ability: abilityFromNames(['login', 'userAgent']),
    parent: 'admin',
  },
  {
    username: 'adv_gamma',
    nickname: 'Gamma Games',
    ability: advertiser,
    parent: 'agency_north',
    topUp: '6000.00',
  },
  {
    username: 'adv_delta',
    nickname: 'Delta Travel',
    ability: advertiser,
    parent: 'agency_north',
    topUp: '4000.00',
  },
  {
    username: 'adv_bakery',
    nickname: 'Corner Bakery',
    ability: advertiser,
    parent: 'agent',
    // Less than a day of its plan: the plan shows Lack Of Funds.
    topUp: '0.80',
  },
];

/** Top-ups after the opening ones: [username, amount, days ago]. */
const LATER_TOP_UPS: readonly [string, string, number][] = [
  ['advertiser', '5000.00', 24],
  ['adv_alpha', '2000.00', 21],
  ['adv_gamma', '3000.00', 17],
  ['adv_delta', '1500.00', 12],
  ['adv_beta', '800.00', 9],
  ['adv_gamma', '2500.00', 5],
  ['advertiser', '4000.00', 3],
  ['adv_delta', '1000.00', 1],
];

const DAY_MS = 86_400_000;

/**
 * Dates the opening top-ups 35 days back and adds the later ones at their days, each with the
 * balance it left (nothing is spent before the history starts).
 */
export async function seedTopUps(
  tx: Database,
  ids: Map<string, number>,
  opening: readonly DemoAccount[],
  now: number,
): Promise<void> {
  // The opening top-ups came before the month of history.
  await tx
    .update(ledgerEntries)
    .set({ createdAt: new Date(now - 35 * DAY_MS) })
    .where(eq(ledgerEntries.kind, LedgerKind.topUp));
  const balances = new Map<string, number>();
  for (const account of opening) {
    if (account.topUp !== undefined) balances.set(account.username, toMicros(account.topUp));
  }
  const actorId = ids.get('finance') ?? null;
  for (const [username, text, daysAgo] of LATER_TOP_UPS) {
    const userId = ids.get(username);
    if (userId === undefined) continue;
    const amount = toMicros(text);
    const balanceAfter = (balances.get(username) ?? 0) + amount;
    balances.set(username, balanceAfter);
    await tx.insert(ledgerEntries).values({
      userId,
      kind: LedgerKind.topUp,
      amount,
      balanceAfter,
      note: 'Top-up by bank transfer (demo data)',
      actorId,
      actingUserId: actorId,
      createdAt: new Date(now - daysAgo * DAY_MS - 3_600_000 * (daysAgo % 7)),
    });
  }
}
