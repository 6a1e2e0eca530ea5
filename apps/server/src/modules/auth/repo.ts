/** SQL over sessions and sign-in candidates. */
import { and, eq, gt, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, users, type SessionKind } from '../../db/schema.js';
import { accountColumns, type Account } from '../user/repo.js';

export interface LoginCandidate extends Account {
  passwordHash: string;
}

export async function findLoginCandidate(
  db: Database,
  normalizedUsername: string,
): Promise<LoginCandidate | undefined> {
  const [row] = await db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, normalizedUsername));
  return row;
}

export async function insertSession(
  db: Database,
  session: { tokenHash: string; kind: SessionKind; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The user of the first live (unrevoked, unexpired) session among the token hashes. */
export async function findSessionAccount(
  db: Database,
  tokenHashes: readonly string[],
  now: Date,
): Promise<Account | undefined> {
  if (tokenHashes.length === 0) return undefined;
  const [row] = await db
    .select(accountColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.tokenHash, [...tokenHashes]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function revokeSessions(db: Database, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sessions.tokenHash, [...tokenHashes]), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except those of `keepHashes`. */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  keepHashes: readonly string[],
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepHashes.length > 0) conditions.push(notInArray(sessions.tokenHash, [...keepHashes]));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
