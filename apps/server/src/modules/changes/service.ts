/**
 * Change notes (docs/product/api-conventions.md#change-notes): every write records who changed what, from the database's own
 * before/after (only the changed fields), with the note's comment. Reading a history needs
 * the right to see it: settings histories the system role; an account's history the
 * account itself or anyone who has it in reach (its owners, user and fund managers, system).
 */
import {
  AppError,
  SETTINGS_TARGET_TYPES,
  type ChangeEntry,
  type ChangeNote,
  type TargetTypeValue,
} from '@adloom/domain';
import { findAdOwner, findSupplyOwner, isAdTargetType } from '../../access/owners.js';
import { assertReaches, reachesEveryone } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import * as repo from './repo.js';

export interface ChangeRecord {
  targetType: TargetTypeValue;
  targetId: number;
  method: string;
  /** Only the changed fields; null on create. */
  before: Record<string, unknown> | null;
  /** Only the changed fields; null after a delete. */
  after: Record<string, unknown> | null;
  /** The note the write carried, if any: only its comment is kept. */
  note?: Pick<ChangeNote, 'comment'> | undefined;
  auth: Pick<AuthContext, 'realUser' | 'actingUser'>;
}

/** Writes one change_log row; call it inside the write's transaction. */
export async function recordChange(db: Database, change: ChangeRecord): Promise<void> {
  await repo.insertChange(db, {
    targetType: change.targetType,
    targetId: change.targetId,
    method: change.method,
    valueBefore: change.before,
    valueAfter: change.after,
    comment: change.note?.comment ?? null,
    actorId: change.auth.realUser.id,
    actingUserId: change.auth.actingUser.id,
  });
}

async function assertMayRead(
  db: Database,
  auth: AuthContext,
  targetType: string,
  targetId: number | undefined,
): Promise<void> {
  const system = auth.roles.includes('system');
  if ((SETTINGS_TARGET_TYPES as readonly string[]).includes(targetType)) {
    if (!system) throw new AppError('noAuthority');
    return;
  }
  if (targetType === 'user') {
    if (system || auth.roles.includes('userManager')) return;
    // The whole type's history only to those who reach every account.
    if (targetId === undefined) {
      if (reachesEveryone(auth.actingUser, 'accounts')) return;
      throw new AppError('noAuthority');
    }
    if (targetId === auth.actingUser.id) return;
    await assertReaches(db, auth.actingUser, targetId, 'accounts');
    return;
  }
  if (isAdTargetType(targetType)) {
    // A plan's, creative's… history: whoever reaches the object; a whole type, global managers.
    if (system || reachesEveryone(auth.actingUser, 'ads')) return;
    if (targetId === undefined) throw new AppError('noAuthority');
    const ownerId = await findAdOwner(db, targetType, targetId);
    if (ownerId === undefined) throw new AppError('notFound');
    await assertReaches(db, auth.actingUser, ownerId, 'ads');
    return;
  }
  if (targetType === 'media' || targetType === 'slot') {
    // Media and slots: ssp and system all; a slot-role user those of media it reaches.
    if (system || reachesEveryone(auth.actingUser, 'supply')) return;
    if (targetId === undefined || !auth.roles.includes('slot')) {
      throw new AppError('noAuthority');
    }
    const ownerId = await findSupplyOwner(db, targetType, targetId);
    if (ownerId === undefined) throw new AppError('notFound');
    await assertReaches(db, auth.actingUser, ownerId, 'supply');
    return;
  }
  if (targetType === 'dsp' || targetType === 'sspStrategy') {
    if (system || auth.roles.includes('ssp')) return;
    throw new AppError('noAuthority');
  }
  if (!system) throw new AppError('noAuthority');
}

export interface ChangeQuery {
  target_type: string;
  target_id?: number | undefined;
  page: number;
  size: number;
}

const userRef = (id: number | null, username: string | null, nickname: string | null) => ({
  id: id ?? 0,
  username: username ?? '',
  nickname: nickname ?? '',
});

const asRecord = (value: unknown) =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;

export async function listChanges(db: Database, auth: AuthContext, query: ChangeQuery) {
  await assertMayRead(db, auth, query.target_type, query.target_id);
  const { rows, total } = await repo.listChanges(
    db,
    { targetType: query.target_type, targetId: query.target_id },
    { limit: query.size, offset: (query.page - 1) * query.size },
  );
  const list: ChangeEntry[] = rows.map((row) => ({
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    method: row.method,
    value_before: asRecord(row.valueBefore),
    value_after: asRecord(row.valueAfter),
    comment: row.comment,
    actor: userRef(row.actorId, row.actorUsername, row.actorNickname),
    acting_user: userRef(row.actingId, row.actingUsername, row.actingNickname),
    created_at: row.createdAt.toISOString(),
  }));
  return { list, total, page: query.page, size: query.size };
}
