/**
 * Which stats rows a user may read (docs/decisions/reports.md). The reach rules are the
 * advertising and supply realms of access/reach.ts; this turns them into a set of
 * advertiser or media ids that every report query is narrowed to.
 * Filters are ANDed with the scope, so no filter can widen it.
 */
import { AppError, type ReportScopeValue } from '@adloom/domain';
import { ownedUserIds } from '../../access/ownership.js';
import { reachCondition, reachedOwnerIds, reachesEveryone } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import { media } from '../../db/schema.js';
import type { AuthContext } from '../../http/types.js';
import type { Account } from '../user/repo.js';

export type StatsScope =
  /** Every row: unfilled requests and DSP-bought traffic included. */
  | { kind: 'all' }
  /** Every advertiser's rows (advertiser_id ≠ 0). */
  | { kind: 'anyAdvertiser' }
  /** The rows of these advertisers (none: nothing). */
  | { kind: 'advertisers'; ids: readonly number[] }
  /** The rows served on these media (none: nothing). */
  | { kind: 'media'; ids: readonly number[] };

/**
 * The account view: the acting user's own traffic and its users'; every advertiser's for
 * the system and global ad managers (the advertising reach rule).
 */
export async function accountScope(db: Database, acting: Account): Promise<StatsScope> {
  if (reachesEveryone(acting, 'ads')) return { kind: 'anyAdvertiser' };
  return { kind: 'advertisers', ids: await reachedOwnerIds(db, acting, 'ads') };
}

/** A channel's or agent's view: the traffic of the users it owns (not its own). */
export async function ownedUsersScope(db: Database, acting: Account): Promise<StatsScope> {
  return { kind: 'advertisers', ids: await ownedUserIds(db, acting.id) };
}

/** A media owner's view: traffic on the media in its supply reach; all for ssp and system. */
export async function mediaScope(db: Database, acting: Account): Promise<StatsScope> {
  const reach = reachCondition(acting, media.ownerId, 'supply');
  if (!reach) return { kind: 'all' };
  const rows = await db.select({ id: media.id }).from(media).where(reach);
  return { kind: 'media', ids: rows.map((row) => row.id) };
}

/**
 * The scope a report request asks for: `account` for anyone the route admits, `supply`
 * (every row) only for the system role: -110 otherwise.
 */
export async function reportScope(
  db: Database,
  auth: AuthContext,
  scope: ReportScopeValue,
): Promise<StatsScope> {
  if (scope === 'supply') {
    if (!auth.roles.includes('system')) throw new AppError('noAuthority');
    return { kind: 'all' };
  }
  return accountScope(db, auth.actingUser);
}
