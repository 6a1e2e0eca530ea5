/**
 * The creative audit (docs/product/console.md#screens /ad/exam, docs/product/advertising.md#creative-review, docs/product/roles-and-access.md#ownership): exam reviews the creatives of its own
 * users, examAdvanced (and system) everyone's. Decisions are all-or-none, one change_log
 * row per creative with the auditor as actor and the reason as comment.
 */
import {
  AppError,
  fieldIssue,
  CreativeReview,
  WideStatus,
  type AuditCounts,
  type Creative,
} from '@adloom/domain';
import { reachCondition } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { recordChange } from '../changes/service.js';
import { notFound, type Writer } from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import * as repo from './repo.js';
import type { CreativeRow } from './repo.js';
import { presentAll } from './present.js';
import { throwIssues } from './rules.js';
import { filterOf, type CreativeListQuery } from './service.js';

/** The queue: oldest submission first unless a sort is asked for. */
export async function listAudit(db: Database, auth: AuthContext, query: CreativeListQuery) {
  const scope = reachCondition(auth.actingUser, repo.creativeOwnerColumn, 'audit');
  const ownerOnly = query.owner_id === undefined ? undefined : repo.ownerIs(query.owner_id);
  const order = query.sort
    ? { sort: query.sort, order: query.order }
    : { sort: 'submitted_at' as const, order: 'asc' as const };
  const { rows, total } = await repo.listCreatives(
    db,
    filterOf(query, andScopes(scope, ownerOnly)),
    order,
    windowOf(query.page, query.size),
  );
  return pageOf(await presentAll(db, rows), total, query);
}

function andScopes(...scopes: repo.CreativeFilter['scope'][]): repo.CreativeFilter['scope'] {
  return repo.allOf(scopes);
}

export async function countAudit(
  db: Database,
  auth: AuthContext,
  query: {
    keyword?: string | undefined;
    style_id?: number | undefined;
    language?: string | undefined;
  },
): Promise<AuditCounts> {
  return repo.countByReviewState(db, {
    scope: reachCondition(auth.actingUser, repo.creativeOwnerColumn, 'audit'),
    keyword: query.keyword,
    styleId: query.style_id,
    language: query.language,
  });
}

interface DecisionInput {
  ids: number[];
  review: typeof CreativeReview.approve | typeof CreativeReview.reject;
  reason: string;
}

/**
 * Approves or rejects creatives waiting for audit, all or none: each must exist (else not
 * found), be within the auditor's scope (else -110) and be waiting (else a field error on
 * its place in `ids`). One change_log row per creative, the auditor as actor, the reason
 * as the comment. Answers the creatives in the order asked.
 */
async function decide(writer: Writer, input: DecisionInput): Promise<Creative[]> {
  const { db, auth } = writer;
  const ids = [...new Set(input.ids)];
  const rows = new Map((await repo.findCreatives(db, ids)).map((row) => [row.id, row]));
  const missing = ids.find((id) => !rows.has(id));
  if (missing !== undefined) throw notFound('Creative', missing);
  const inScope = await repo.idsInScope(
    db,
    ids,
    reachCondition(auth.actingUser, repo.creativeOwnerColumn, 'audit'),
  );
  if (ids.some((id) => !inScope.has(id))) throw new AppError('noAuthority');
  const waiting = (row: CreativeRow) =>
    row.review === CreativeReview.auditing && row.status !== WideStatus.deleted;
  throwIssues(
    input.ids.flatMap((id, index) => {
      const row = rows.get(id);
      return row && !waiting(row)
        ? [fieldIssue(`ids.${index}`, 'creative.notWaiting', { id })]
        : [];
    }),
  );

  const method = input.review === CreativeReview.approve ? 'approve' : 'reject';
  await db.transaction(async (tx) => {
    const decided = await repo.decideCreatives(tx, ids, {
      review: input.review,
      rejectReason: input.reason,
      reviewerId: auth.actingUser.id,
    });
    // Someone decided (or the owner deleted) one of them meanwhile: nothing is written.
    if (decided.length !== ids.length) {
      const done = new Set(decided.map((row) => row.id));
      const late = ids.find((id) => !done.has(id)) ?? 0;
      throw AppError.field(`ids.${input.ids.indexOf(late)}`, 'creative.notWaiting', { id: late });
    }
    for (const row of decided) {
      const after: Record<string, unknown> = { review: row.review };
      if (input.review === CreativeReview.reject) after.reject_reason = row.rejectReason;
      await recordChange(tx, {
        targetType: 'creative',
        targetId: row.id,
        method,
        before: { review: CreativeReview.auditing },
        after,
        note: input.reason ? { comment: input.reason } : undefined,
        auth,
      });
    }
  });
  const decided = await presentAll(db, await repo.findCreativeViews(db, ids));
  const byId = new Map(decided.map((creative) => [creative.id, creative]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function approveCreatives(writer: Writer, ids: number[]): Promise<Creative[]> {
  return decide(writer, { ids, review: CreativeReview.approve, reason: '' });
}

export function rejectCreatives(writer: Writer, ids: number[], reason: string) {
  return decide(writer, { ids, review: CreativeReview.reject, reason });
}
