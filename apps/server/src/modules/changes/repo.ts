/** SQL over change_log: the one place change notes are written and read. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { changeLog, users } from '../../db/schema.js';

export interface ChangeLogValues {
  targetType: string;
  targetId: number;
  method: string;
  valueBefore: unknown;
  valueAfter: unknown;
  comment: string | null;
  actorId: number;
  actingUserId: number;
}

export async function insertChange(db: Database, values: ChangeLogValues): Promise<void> {
  await db.insert(changeLog).values(values);
}

export interface ChangeFilter {
  targetType: string;
  targetId?: number | undefined;
}

const actor = alias(users, 'actor');
const actingUser = alias(users, 'acting_user');

function whereOf(filter: ChangeFilter): SQL | undefined {
  return and(
    eq(changeLog.targetType, filter.targetType),
    filter.targetId === undefined ? undefined : eq(changeLog.targetId, filter.targetId),
  );
}

/** A page of changes, newest first, with the actor and acting user. */
export async function listChanges(
  db: Database,
  filter: ChangeFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: changeLog.id,
        targetType: changeLog.targetType,
        targetId: changeLog.targetId,
        method: changeLog.method,
        valueBefore: changeLog.valueBefore,
        valueAfter: changeLog.valueAfter,
        comment: changeLog.comment,
        createdAt: changeLog.createdAt,
        actorId: actor.id,
        actorUsername: actor.username,
        actorNickname: actor.nickname,
        actingId: actingUser.id,
        actingUsername: actingUser.username,
        actingNickname: actingUser.nickname,
      })
      .from(changeLog)
      .leftJoin(actor, eq(actor.id, changeLog.actorId))
      .leftJoin(actingUser, eq(actingUser.id, changeLog.actingUserId))
      .where(where)
      .orderBy(desc(changeLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(changeLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
