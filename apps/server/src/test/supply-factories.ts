/** Supply-side test data (media, slots, demand partners, SSP strategies) inserted directly. */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { dsps, media, slots, sspStrategies } from '../db/schema.js';

const hex = () => randomBytes(4).toString('hex');

export async function buildMedia(
  db: Database,
  ownerId: number,
  values: Partial<typeof media.$inferInsert> = {},
) {
  const [row] = await db
    .insert(media)
    .values({ ownerId, name: `Media ${hex()}`, bundle: `com.test.app${hex()}`, ...values })
    .returning();
  if (!row) throw new Error('buildMedia: nothing returned');
  return row;
}

export async function buildSlot(
  db: Database,
  mediaId: number,
  values: Partial<typeof slots.$inferInsert> = {},
) {
  const [row] = await db
    .insert(slots)
    .values({ mediaId, name: `Slot ${hex()}`, lowestBid: 500_000, ...values })
    .returning();
  if (!row) throw new Error('buildSlot: nothing returned');
  return row;
}

export async function buildDsp(db: Database, values: Partial<typeof dsps.$inferInsert> = {}) {
  const [row] = await db
    .insert(dsps)
    .values({
      name: `DSP ${hex()}`,
      requestUrl: 'https://dsp.example.com/openrtb2/bid',
      ...values,
    })
    .returning();
  if (!row) throw new Error('buildDsp: nothing returned');
  return row;
}

export async function buildSspStrategy(
  db: Database,
  slotId: number,
  values: Partial<typeof sspStrategies.$inferInsert> = {},
) {
  const [row] = await db
    .insert(sspStrategies)
    .values({ slotId, name: `SSP strategy ${hex()}`, ...values })
    .returning();
  if (!row) throw new Error('buildSspStrategy: nothing returned');
  return row;
}
