/**
 * Slots (docs/product/console.md#screens /ssp/slot, docs/product/supply.md#slots): the reach-filtered list with their media's name and
 * state, every slot for selects, one slot, create, modify and switch (active 0, inactive 1,
 * deleted 5; a deleted slot is final). A slot belongs to its media, which is fixed: the
 * media must exist, be in reach and not be deleted when the slot is added. Every write is
 * noted (change_log, target type slot). docs/decisions/supply.md.
 */
import { AppError, WideStatus, type FieldIssue, type Slot, type SlotFields } from '@adloom/domain';
import { fieldIssue } from '@adloom/domain';
import { assertReaches, ownerScope } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { validationError } from '../../validation.js';
import {
  createNoted,
  type ModifyBody,
  modifyNoted,
  notFound,
  type SwitchBody,
  switchNoted,
  type Writer,
} from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import { slotIssues } from './checks.js';
import * as mediaRepo from './media-repo.js';
import {
  canonicalSlotPatch,
  presentSlot,
  slotColumnsOf,
  slotEntity,
  slotFieldsOf,
  type SlotEditable,
} from './present.js';
import * as repo from './slot-repo.js';
import type { SlotSort, SlotView } from './slot-repo.js';

export interface SlotQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: SlotSort | undefined;
  order: 'asc' | 'desc';
  media_id?: number | undefined;
  status?: number | undefined;
  supply_type?: number | undefined;
  ad_form?: number | undefined;
}

/** Newest first unless a sort is asked for; a media out of reach answers -110. */
export async function listSlots(db: Database, auth: AuthContext, query: SlotQuery) {
  const scope = await ownerScope(db, auth.actingUser, repo.slotOwnerColumn, 'supply');
  if (query.media_id !== undefined) {
    const owner = await mediaRepo.findMedia(db, query.media_id);
    if (owner) await assertReaches(db, auth.actingUser, owner.ownerId, 'supply');
  }
  const { rows, total } = await repo.listSlots(
    db,
    {
      scope,
      keyword: query.keyword,
      mediaId: query.media_id,
      status: query.status,
      supplyType: query.supply_type,
      adForm: query.ad_form,
      sort: query.sort,
      order: query.order,
    },
    windowOf(query.page, query.size),
  );
  return pageOf(rows.map(presentSlot), total, query);
}

export async function listAllSlots(db: Database, auth: AuthContext): Promise<Slot[]> {
  const scope = await ownerScope(db, auth.actingUser, repo.slotOwnerColumn, 'supply');
  return (await repo.listAllSlots(db, scope)).map(presentSlot);
}

/** Loads a slot in the acting user's reach: not found (-150), or -110 outside it. */
async function loadSlot(db: Database, auth: AuthContext, id: number): Promise<SlotView> {
  const row = await repo.findSlotView(db, id);
  if (!row) throw notFound('Slot', id);
  await assertReaches(db, auth.actingUser, row.ownerId, 'supply');
  return row;
}

export async function getSlot(db: Database, auth: AuthContext, id: number): Promise<Slot> {
  return presentSlot(await loadSlot(db, auth, id));
}

function throwIssues(issues: FieldIssue[]): void {
  if (issues.length > 0) throw validationError(issues);
}

function refuseDeleted(row: SlotView): void {
  if (row.status === WideStatus.deleted) {
    throw AppError.field('status', 'supply.slotFinal');
  }
}

async function reloadView(tx: Database, id: number): Promise<SlotView | undefined> {
  return repo.findSlotView(tx, id);
}

/** A new active slot of a media in reach that is not deleted. */
export async function createSlot(writer: Writer, body: SlotFields): Promise<Slot> {
  const { db, auth } = writer;
  const owner = await mediaRepo.findMedia(db, body.media_id);
  if (!owner) throw AppError.field('media_id', 'supply.unknownMedia');
  await assertReaches(db, auth.actingUser, owner.ownerId, 'supply');
  const { media_id: mediaId, ...editable } = body;
  const fields = canonicalSlotPatch<SlotEditable>(editable);
  const issues = await slotIssues(db, fields);
  if (owner.status === WideStatus.deleted) {
    issues.unshift(fieldIssue('media_id', 'supply.mediaDeleted'));
  }
  throwIssues(issues);
  const row = await createNoted(slotEntity, writer, async (tx) => {
    const id = await repo.insertSlot(tx, {
      ...(slotColumnsOf(fields) as Omit<repo.SlotInsert, 'mediaId'>),
      mediaId,
      status: WideStatus.active,
    });
    const created = await reloadView(tx, id);
    if (!created) throw new Error(`createSlot: slot ${id} vanished`);
    return created;
  });
  return presentSlot(row);
}

/** Changes a slot with a note: only the changed fields are checked, written and logged. */
export async function modifySlot(writer: Writer, body: ModifyBody<SlotEditable>): Promise<Slot> {
  const { db, auth } = writer;
  const { id, note, ...patch } = body;
  const current = await loadSlot(db, auth, id);
  refuseDeleted(current);
  const row = await modifyNoted(
    slotEntity,
    { ...writer, note },
    {
      id,
      patch: canonicalSlotPatch(patch),
      view: slotFieldsOf,
      validate: async (merged, stored) => {
        const before = slotFieldsOf(stored);
        const changed = Object.fromEntries(
          Object.entries(merged).filter(
            ([key, value]) =>
              JSON.stringify(value) !== JSON.stringify(before[key as keyof SlotEditable]),
          ),
        ) as Partial<SlotEditable>;
        throwIssues(await slotIssues(db, changed, before));
      },
      update: async (tx, slotId, changes) =>
        (await repo.updateSlot(tx, slotId, slotColumnsOf(changes)))
          ? reloadView(tx, slotId)
          : undefined,
    },
  );
  return presentSlot(row);
}

/** Active (0), inactive (1) or deleted (5); a deleted slot is never switched back. */
export async function switchSlot(writer: Writer, body: SwitchBody): Promise<Slot> {
  const { db, auth } = writer;
  const current = await loadSlot(db, auth, body.id);
  refuseDeleted(current);
  const row = await switchNoted(slotEntity, writer, body, async (tx, slotId, status) =>
    (await repo.updateSlot(tx, slotId, { status })) ? reloadView(tx, slotId) : undefined,
  );
  return presentSlot(row);
}
