/**
 * The owner of an object by its change-log target type: what reach.ts is asked about when
 * a history is read (modules/changes). Advertiser objects carry their owner; a slot belongs
 * to its media's owner.
 */
import type { TargetTypeValue } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { creatives, materials, media, plans, slots, strategies } from '../db/schema.js';

const AD_TABLES = {
  plan: plans,
  strategy: strategies,
  creative: creatives,
  material: materials,
} as const;

export type AdTargetType = keyof typeof AD_TABLES;

export function isAdTargetType(type: TargetTypeValue | string): type is AdTargetType {
  return Object.hasOwn(AD_TABLES, type);
}

/** The owner id of the advertiser object, or undefined when it does not exist. */
export async function findAdOwner(
  db: Database,
  type: AdTargetType,
  id: number,
): Promise<number | undefined> {
  const table = AD_TABLES[type];
  const [row] = await db.select({ ownerId: table.ownerId }).from(table).where(eq(table.id, id));
  return row?.ownerId;
}

/** The owner id of the media (or of the slot's media), or undefined when it does not exist. */
export async function findSupplyOwner(
  db: Database,
  type: 'media' | 'slot',
  id: number,
): Promise<number | undefined> {
  if (type === 'media') {
    const [row] = await db.select({ ownerId: media.ownerId }).from(media).where(eq(media.id, id));
    return row?.ownerId;
  }
  const [row] = await db
    .select({ ownerId: media.ownerId })
    .from(slots)
    .innerJoin(media, eq(media.id, slots.mediaId))
    .where(eq(slots.id, id));
  return row?.ownerId;
}
