/** The owner of a media or slot by its change-log target type (for history reads). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { media, slots } from '../../db/schema.js';

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
