/**
 * The demo's accounts: one per audience of the console (the base the tests share), their
 * password and the table printed on the start that seeded them.
 */
import { ABILITY_ALL, LedgerKind, abilityFromNames, deriveRoles, toMicros } from '@adloom/domain';
import { hashPassword } from '../../modules/auth/password.js';
import type { Database } from '../client.js';
import { ledgerEntries, users } from '../schema.js';

/** Every demo account signs in with this password (README: demo data only). */
export const DEMO_PASSWORD = 'adloom123';

export interface DemoAccount {
  username: string;
  nickname: string;
  ability: number;
  /** The owner's username; null for the root administrator. */
  parent: string | null;
  /** Opening top-up in currency units. */
  topUp?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', nickname: 'Administrator', ability: ABILITY_ALL, parent: null },
  {
    username: 'agent',
    nickname: 'Agent',
    ability: abilityFromNames(['login', 'userAgent']),
    parent: 'admin',
  },
  {
    username: 'advertiser',
    nickname: 'Advertiser',
    ability: abilityFromNames(['login', 'adManage']),
    parent: 'admin',
    topUp: '10000.00',
  },
  {
    username: 'adv_alpha',
    nickname: 'Alpha Advertiser',
    ability: abilityFromNames(['login', 'adManage']),
    parent: 'agent',
    topUp: '5000.00',
  },
  {
    username: 'adv_beta',
    nickname: 'Beta Advertiser',
    ability: abilityFromNames(['login', 'adManage']),
    parent: 'agent',
    topUp: '2500.00',
  },
  {
    username: 'auditor',
    nickname: 'Auditor',
    ability: abilityFromNames(['login', 'examAdvanced']),
    parent: 'admin',
  },
  {
    username: 'operator',
    nickname: 'Operator',
    ability: abilityFromNames(['login', 'slot', 'ssp']),
    parent: 'admin',
  },
  {
    username: 'finance',
    nickname: 'Finance',
    ability: abilityFromNames(['login', 'charger']),
    parent: 'admin',
  },
];

/** Who tops up the demo advertisers. */
const TOP_UP_ACTOR = 'finance';

/** Inserts the accounts (owners first) and their opening top-ups; answers ids by username. */
export async function seedAccounts(
  tx: Database,
  accounts: readonly DemoAccount[],
  passwordHashes: readonly string[],
  ids: Map<string, number>,
): Promise<void> {
  for (const [index, account] of accounts.entries()) {
    const [row] = await tx
      .insert(users)
      .values({
        username: account.username,
        passwordHash: passwordHashes[index] ?? '',
        nickname: account.nickname,
        ability: account.ability,
        parentId: account.parent === null ? null : (ids.get(account.parent) ?? null),
      })
      .returning({ id: users.id });
    if (row) ids.set(account.username, row.id);
  }
  const actorId = ids.get(TOP_UP_ACTOR) ?? null;
  for (const account of accounts) {
    if (account.topUp === undefined) continue;
    const amount = toMicros(account.topUp);
    await tx.insert(ledgerEntries).values({
      userId: ids.get(account.username) ?? 0,
      kind: LedgerKind.topUp,
      amount,
      balanceAfter: amount,
      note: 'Opening top-up (demo data)',
      actorId,
      actingUserId: actorId,
    });
  }
}

/** Password hashes of the accounts, made before the transaction (they are slow on purpose). */
export function hashDemoPasswords(accounts: readonly DemoAccount[]): Promise<string[]> {
  return Promise.all(accounts.map(() => hashPassword(DEMO_PASSWORD)));
}

/** The table printed on the start that seeded the demo accounts. */
export function formatDemoAccounts(accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): string {
  const rows = accounts.map((account) => [
    account.username,
    DEMO_PASSWORD,
    account.parent ?? '-',
    account.ability === ABILITY_ALL ? 'every role' : deriveRoles(account.ability).join(', '),
  ]);
  const header = ['username', 'password', 'owner', 'roles'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    'Demo accounts (demo data only: change or remove them before real use):',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}
