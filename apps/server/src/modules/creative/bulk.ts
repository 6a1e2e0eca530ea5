/**
 * Bulk actions of the creative list (docs/decisions/working-lists.md): shelve (1), restore (0)
 * and delete (5, final) are the single switch (switchCreative) on each creative — a deleted
 * one is refused, the same status answers None Update — each with its own change-log row.
 */
import { WideStatus, type BulkResult, type CreativeBulkAction } from '@adloom/domain';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ownerScope } from '../../access/reach.js';
import { assertAllInReach, eachRow, rowNote } from '../bulk/bulk.js';
import type { Writer } from '../changes/noted.js';
import * as repo from './repo.js';
import { switchCreative } from './service.js';

export interface BulkCreativesBody {
  ids: number[];
  action: CreativeBulkAction;
  comment?: string | undefined;
}

const TARGET_STATUS = {
  shelve: WideStatus.inactive,
  restore: WideStatus.active,
  delete: WideStatus.deleted,
} as const satisfies Record<CreativeBulkAction, number>;

async function creativeReach(db: Database, ids: number[], scope: SQL | undefined) {
  const [rows, inScope] = await Promise.all([
    repo.findCreatives(db, ids),
    repo.idsInScope(db, ids, scope),
  ]);
  return { existing: new Set(rows.map((row) => row.id)), inScope };
}

export async function bulkCreatives(writer: Writer, body: BulkCreativesBody): Promise<BulkResult> {
  const scope = await ownerScope(
    writer.db,
    writer.auth.actingUser,
    repo.creativeOwnerColumn,
    'ads',
  );
  await assertAllInReach(writer.db, body.ids, scope, creativeReach, 'Creative');
  const rows = new Map((await repo.findCreatives(writer.db, body.ids)).map((row) => [row.id, row]));
  const status = TARGET_STATUS[body.action];
  return eachRow(body.ids, (id) =>
    switchCreative(writer, {
      id,
      status,
      note: rowNote('creative', id, { status: rows.get(id)?.status }, { status }, body.comment),
    }),
  );
}
