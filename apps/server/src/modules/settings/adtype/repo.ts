/** SQL over ad_types. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { adTypes } from '../../../db/schema.js';
import { toColumns } from '../../../db/sql.js';

export type AdTypeRow = typeof adTypes.$inferSelect;
export type AdTypeInsert = typeof adTypes.$inferInsert;

export async function listAdTypes(db: Database): Promise<AdTypeRow[]> {
  return db.select().from(adTypes).orderBy(asc(adTypes.id));
}

export async function findAdType(db: Database, id: number): Promise<AdTypeRow | undefined> {
  const [row] = await db.select().from(adTypes).where(eq(adTypes.id, id));
  return row;
}

export async function insertAdType(db: Database, values: AdTypeInsert): Promise<AdTypeRow> {
  const [row] = await db.insert(adTypes).values(values).returning();
  if (!row) throw new Error('insertAdType: nothing returned');
  return row;
}

export async function updateAdType(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<AdTypeRow | undefined> {
  const [row] = await db
    .update(adTypes)
    .set({ ...toColumns<AdTypeInsert>(changes), updatedAt: new Date() })
    .where(eq(adTypes.id, id))
    .returning();
  return row;
}
