/**
 * Which stats rows a user may read (docs/decisions/reports.md). The reach rules are the
 * advertising and supply ones (modules/ad/reach.ts, modules/supply/reach.ts); this turns
 * them into a set of advertiser or media ids that every report query is narrowed to.
 * Filters are ANDed with the scope, so no filter can widen it.
 */
import { AppError, type ReportScopeValue } from '@adloom/domain';
import { inArray, or, eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import { media } from '../../db/schema.js';
import type { AuthContext } from '../../http/types.js';
import { reachesAllAds } from '../ad/reach.js';
import { reachesAllSupply } from '../supply/reach.js';
import { ownedSubtree } from '../user/repo.js';
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

/** The ids of the users the owner owns, at any depth (not the owner itself). */
export async function ownedUserIds(db: Database, ownerId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from ${ownedSubtree(ownerId)} as owned`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * The account view: the acting user's own traffic and its users'; every advertiser's for
 * the system and global ad managers (the advertising reach rule).
 */
export async function accountScope(db: Database, acting: Account): Promise<StatsScope> {
  if (reachesAllAds(acting.ability)) return { kind: 'anyAdvertiser' };
  return { kind: 'advertisers', ids: [acting.id, ...(await ownedUserIds(db, acting.id))] };
}

/** A channel's or agent's view: the traffic of the users it owns (not its own). */
export async function ownedUsersScope(db: Database, acting: Account): Promise<StatsScope> {
  return { kind: 'advertisers', ids: await ownedUserIds(db, acting.id) };
}

/** A media owner's view: traffic on the media in its supply reach; all for ssp and system. */
export async function mediaScope(db: Database, acting: Account): Promise<StatsScope> {
  if (reachesAllSupply(acting.ability)) return { kind: 'all' };
  const owners = await ownedUserIds(db, acting.id);
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(or(eq(media.ownerId, acting.id), inArray(media.ownerId, owners)));
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
