/** SQL over human_items (audience characteristics, two levels). */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { humanItems } from '../../../db/schema.js';
import { toColumns } from '../../../db/sql.js';

export type HumanRow = typeof humanItems.$inferSelect;
type HumanInsert = typeof humanItems.$inferInsert;

/** Every item, parents and children alike, in display order. */
export async function listHumanItems(db: Database): Promise<HumanRow[]> {
  return db.select().from(humanItems).orderBy(asc(humanItems.sort), asc(humanItems.id));
}

export async function findHumanItem(db: Database, id: number): Promise<HumanRow | undefined> {
  const [row] = await db.select().from(humanItems).where(eq(humanItems.id, id));
  return row;
}

export async function insertHumanItem(db: Database, values: HumanInsert): Promise<HumanRow> {
  const [row] = await db.insert(humanItems).values(values).returning();
  if (!row) throw new Error('insertHumanItem: nothing returned');
  return row;
}

export async function updateHumanItem(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<HumanRow | undefined> {
  const [row] = await db
    .update(humanItems)
    .set({ ...toColumns<HumanInsert>(changes), updatedAt: new Date() })
    .where(eq(humanItems.id, id))
    .returning();
  return row;
}
