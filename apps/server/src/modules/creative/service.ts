/**
 * Creatives (docs/product/advertising.md#creatives, docs/product/advertising.md#creative-review); their audit is audit-service.ts. A creative
 * belongs to the acting user; its rules (rules.ts) and its monitor links (the outbound URL
 * guard, monitor-links.ts) are checked before anything is written, each failure on its
 * field; present.ts shows it. A new creative and a content edit of a decided one wait for audit;
 * every write and decision is one change_log row. docs/decisions/creative-audit.md.
 */
import {
  AppError,
  CreativeReview,
  WideStatus,
  canonicalSpecialConfig,
  changedFields,
  parseSpecialConfig,
  pickFields,
  type ChangeNote,
  type Creative,
  type CreativeFields,
} from '@adloom/domain';
import { assertReaches, ownerScope } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { recordChange } from '../changes/service.js';
import { notFound, type SwitchBody, type Writer } from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import type { GuardOptions } from '../../outbound/url-guard.js';
import { monitorUrlIssues } from './monitor-links.js';
import { fieldsOf, presentAll, presentOne } from './present.js';
import * as repo from './repo.js';
import type { CreativeRow, CreativeSort } from './repo.js';
import { fieldIssues, throwIssues } from './rules.js';

/** Columns of the fields that changed (snake_case → the table's properties). */
function columnsOf(changes: Partial<CreativeFields>): Partial<repo.CreativeInsert> {
  const columns: Partial<repo.CreativeInsert> = {};
  const set = <K extends keyof repo.CreativeInsert>(key: K, value: repo.CreativeInsert[K]) => {
    columns[key] = value;
  };
  if (changes.name !== undefined) set('name', changes.name);
  if (changes.style_id !== undefined) set('styleId', changes.style_id);
  if (changes.language !== undefined) set('language', changes.language);
  if (changes.os !== undefined) set('os', changes.os);
  if (changes.title !== undefined) set('title', changes.title);
  if (changes.description !== undefined) set('description', changes.description);
  if (changes.icon_material_id !== undefined) set('iconMaterialId', changes.icon_material_id);
  if (changes.image_material_id !== undefined) set('imageMaterialId', changes.image_material_id);
  if (changes.group_material_ids !== undefined) {
    set('groupMaterialIds', changes.group_material_ids);
  }
  if (changes.video_material_id !== undefined) set('videoMaterialId', changes.video_material_id);
  if (changes.click_action !== undefined) set('clickAction', changes.click_action);
  if (changes.action_text !== undefined) set('actionText', changes.action_text);
  if (changes.special_config !== undefined) {
    set('specialConfig', parseSpecialConfig(changes.special_config));
  }
  if (changes.app_name !== undefined) set('appName', changes.app_name);
  if (changes.app_package !== undefined) set('appPackage', changes.app_package);
  if (changes.click_url !== undefined) set('clickUrl', changes.click_url);
  if (changes.deeplink_url !== undefined) set('deeplinkUrl', changes.deeplink_url);
  if (changes.impression_monitor_urls !== undefined) {
    set('impressionMonitorUrls', changes.impression_monitor_urls);
  }
  if (changes.click_monitor_urls !== undefined) {
    set('clickMonitorUrls', changes.click_monitor_urls);
  }
  return columns;
}

/** The same config however it was typed: keys sorted, one layout. */
function normalized<T extends Partial<CreativeFields>>(fields: T): T {
  return fields.special_config === undefined
    ? fields
    : { ...fields, special_config: canonicalSpecialConfig(fields.special_config) };
}

/** Loads a creative in the acting user's reach: not found, or -110 outside it. */
async function loadInReach(db: Database, auth: AuthContext, id: number): Promise<CreativeRow> {
  const row = await repo.findCreative(db, id);
  if (!row) throw notFound('Creative', id);
  await assertReaches(db, auth.actingUser, row.ownerId, 'ads');
  return row;
}

// ---------------------------------------------------------------- creatives (/ad/idea)

export interface CreativeListQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: CreativeSort | undefined;
  order: 'asc' | 'desc';
  review?: number | undefined;
  status?: number | undefined;
  audit_state?: string | undefined;
  style_id?: number | undefined;
  language?: string | undefined;
  owner_id?: number | undefined;
}

export function filterOf(query: CreativeListQuery, scope: repo.CreativeFilter['scope']) {
  return {
    scope,
    keyword: query.keyword,
    review: query.review,
    status: query.status,
    auditState: query.audit_state as repo.CreativeFilter['auditState'],
    styleId: query.style_id,
    language: query.language,
  };
}

/** Newest first unless a sort is asked for. */
export async function listCreatives(db: Database, auth: AuthContext, query: CreativeListQuery) {
  const scope = await ownerScope(
    db,
    auth.actingUser,
    repo.creativeOwnerColumn,
    'ads',
    query.owner_id,
  );
  const order = query.sort
    ? { sort: query.sort, order: query.order }
    : { sort: 'id' as const, order: 'desc' as const };
  const { rows, total } = await repo.listCreatives(
    db,
    filterOf(query, scope),
    order,
    windowOf(query.page, query.size),
  );
  return pageOf(await presentAll(db, rows), total, query);
}

export async function getCreative(db: Database, auth: AuthContext, id: number) {
  await loadInReach(db, auth, id);
  return presentOne(db, id);
}

/** A new creative of the acting user; it waits for audit (review Auditing, never decided). */
export async function createCreative(
  writer: Writer,
  body: CreativeFields,
  guard: GuardOptions,
): Promise<Creative> {
  const { db, auth } = writer;
  const fields = normalized(body);
  const ownerId = auth.actingUser.id;
  const issues = await Promise.all([
    fieldIssues(db, fields, ownerId),
    monitorUrlIssues(fields, guard),
  ]);
  throwIssues(issues.flat());
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertCreative(tx, {
      ...(columnsOf(fields) as repo.CreativeInsert),
      ownerId,
      review: CreativeReview.auditing,
    });
    await recordChange(tx, {
      targetType: 'creative',
      targetId: row.id,
      method: 'create',
      before: null,
      after: fieldsOf(row),
      auth,
    });
    return row.id;
  });
  return presentOne(db, id);
}

export type ModifyCreativeBody = Partial<CreativeFields> & {
  id: number;
  note?: ChangeNote | undefined;
};

/**
 * Changes a creative with a note (only changed fields are written and logged). Any change
 * but the name sends a decided creative back to audit, its reason cleared; the log shows
 * the review going back too. A deleted creative stays as it is.
 */
export async function modifyCreative(
  writer: Writer,
  body: ModifyCreativeBody,
  guard: GuardOptions,
): Promise<Creative> {
  const { db, auth } = writer;
  const { id, note, ...patch } = body;
  const current = await loadInReach(db, auth, id);
  if (current.status === WideStatus.deleted) throw AppError.field('id', 'creative.deleted');
  const before = fieldsOf(current);
  const sent = normalized(patch);
  const keys = changedFields<CreativeFields>(before, sent);
  if (keys.length === 0) throw new AppError('noneUpdate');
  const changes = pickFields(sent as CreativeFields, keys);
  const merged: CreativeFields = { ...before, ...changes };
  // Only the monitor links being written are checked: a saved one is not re-resolved.
  const issues = await Promise.all([
    fieldIssues(db, merged, current.ownerId, keys),
    monitorUrlIssues(changes, guard),
  ]);
  throwIssues(issues.flat());
  const content = keys.some((key) => key !== 'name');

  await db.transaction(async (tx) => {
    const row = await repo.updateCreative(tx, id, columnsOf(changes), { content });
    if (!row) throw notFound('Creative', id);
    const beforeLog: Record<string, unknown> = pickFields(before, keys);
    const afterLog: Record<string, unknown> = pickFields(fieldsOf(row), keys);
    if (row.review !== current.review) {
      beforeLog.review = current.review;
      afterLog.review = row.review;
    }
    if (row.rejectReason !== current.rejectReason) {
      beforeLog.reject_reason = current.rejectReason;
      afterLog.reject_reason = row.rejectReason;
    }
    await recordChange(tx, {
      targetType: 'creative',
      targetId: id,
      method: 'modify',
      before: beforeLog,
      after: afterLog,
      note,
      auth,
    });
  });
  return presentOne(db, id);
}

/** Shelves (1), restores (0) or deletes (5); a deleted creative is never switched back. */
export async function switchCreative(writer: Writer, body: SwitchBody): Promise<Creative> {
  const { db, auth } = writer;
  const current = await loadInReach(db, auth, body.id);
  if (current.status === WideStatus.deleted) throw AppError.field('status', 'creative.deleted');
  if (current.status === body.status) throw new AppError('noneUpdate');
  await db.transaction(async (tx) => {
    const row = await repo.updateStatus(tx, body.id, body.status);
    if (!row) throw AppError.field('status', 'creative.deleted');
    await recordChange(tx, {
      targetType: 'creative',
      targetId: body.id,
      method: 'switch',
      before: { status: current.status },
      after: { status: row.status },
      note: body.note,
      auth,
    });
  });
  return presentOne(db, body.id);
}
