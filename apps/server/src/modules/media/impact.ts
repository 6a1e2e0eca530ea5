/**
 * What stops when a media or slot stops serving (issue 20 item 6): its active slots and the ad
 * requests they had in the last 24 hours and 7 days, for the console's confirmation.
 */
import { WideStatus, type SupplyImpact } from '@adloom/domain';
import { and, eq, gte, inArray, sum } from 'drizzle-orm';
import { assertReaches } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import { media, slots, statsHourly } from '../../db/schema.js';
import type { AuthContext } from '../../http/types.js';
import { notFound } from '../changes/noted.js';

const HOUR = 3_600_000;

export async function supplyImpact(
  db: Database,
  auth: AuthContext,
  target: 'media' | 'slot',
  id: number,
  now: Date = new Date(),
): Promise<SupplyImpact> {
  const slotIds =
    target === 'media' ? await liveSlotsOfMedia(db, auth, id) : await liveSlot(db, auth, id);
  if (slotIds.length === 0) return { live_slots: 0, requests_24h: 0, requests_7d: 0 };
  const since = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const requestsSince = async (from: Date) => {
    const [row] = await db
      .select({ requests: sum(statsHourly.requests) })
      .from(statsHourly)
      .where(and(inArray(statsHourly.slotId, slotIds), gte(statsHourly.hour, from)));
    return Number(row?.requests ?? 0);
  };
  return {
    live_slots: slotIds.length,
    requests_24h: await requestsSince(since(24)),
    requests_7d: await requestsSince(since(24 * 7)),
  };
}

async function liveSlotsOfMedia(db: Database, auth: AuthContext, id: number): Promise<number[]> {
  const [row] = await db
    .select({ ownerId: media.ownerId, status: media.status })
    .from(media)
    .where(eq(media.id, id));
  if (!row) throw notFound('Media', id);
  await assertReaches(db, auth.actingUser, row.ownerId, 'supply');
  const live = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.mediaId, id), eq(slots.status, WideStatus.active)));
  // An inactive media serves nothing already.
  return row.status === WideStatus.active ? live.map((slot) => slot.id) : [];
}

async function liveSlot(db: Database, auth: AuthContext, id: number): Promise<number[]> {
  const [row] = await db
    .select({ ownerId: media.ownerId, status: slots.status, mediaStatus: media.status })
    .from(slots)
    .innerJoin(media, eq(media.id, slots.mediaId))
    .where(eq(slots.id, id));
  if (!row) throw notFound('Slot', id);
  await assertReaches(db, auth.actingUser, row.ownerId, 'supply');
  return row.status === WideStatus.active && row.mediaStatus === WideStatus.active ? [id] : [];
}
