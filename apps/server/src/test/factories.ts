/**
 * Test data with unique names, so tests sharing one PostgreSQL database never collide and
 * nothing needs truncating: each test builds its own tenant.
 */
import { randomBytes } from 'node:crypto';
import { Ability, encodeCredential, type LedgerKind, type EnumValue } from '@adloom/domain';
import type { Database } from '../db/client.js';
import { ledgerEntries, sessions, statsHourly, users } from '../db/schema.js';
import { hashPassword } from '../modules/auth/password.js';
import { createToken } from '../modules/auth/token.js';

export const TEST_PASSWORD = 'test-pass-123';

const hashes = new Map<string, Promise<string>>();
/** One hash per password per worker: scrypt is deliberately slow. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export interface BuildUserOptions {
  ability?: number;
  parentId?: number | null;
  password?: string;
  status?: 0 | 1;
  nickname?: string;
  username?: string;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  ability: number;
}

export async function buildUser(db: Database, options: BuildUserOptions = {}): Promise<TestUser> {
  const password = options.password ?? TEST_PASSWORD;
  const username = options.username ?? uniqueUsername();
  const ability = options.ability ?? Ability.login | Ability.adManage;
  const [row] = await db
    .insert(users)
    .values({
      username,
      passwordHash: await cachedHash(password),
      nickname: options.nickname ?? `Nick ${username}`,
      ability,
      parentId: options.parentId ?? null,
      status: options.status ?? 0,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('buildUser: insert returned nothing');
  return { id: row.id, username, password, ability };
}

export async function buildLedgerEntry(
  db: Database,
  entry: {
    userId: number;
    amount: number;
    balanceAfter: number;
    kind?: EnumValue<typeof LedgerKind>;
  },
): Promise<void> {
  await db.insert(ledgerEntries).values({ kind: 'topUp', ...entry });
}

export async function buildStatsRow(
  db: Database,
  row: Partial<typeof statsHourly.$inferInsert> & { hour: Date },
): Promise<void> {
  await db.insert(statsHourly).values(row);
}

/** The wire form of a credential pair. */
export function credentials(username: string, password: string) {
  return { username: encodeCredential(username), password: encodeCredential(password) };
}

/** A live session without the cost of a sign-in; answers its token. */
export async function buildSession(
  db: Database,
  userId: number,
  kind: 'admin' | 'service' = 'admin',
): Promise<string> {
  const { token, tokenHash } = createToken();
  await db
    .insert(sessions)
    .values({ tokenHash, kind, userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}
