/** SQL over ad_styles (creative styles). */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { adStyles } from '../../../db/schema.js';
import { toColumns } from '../../../db/sql.js';

export type StyleRow = typeof adStyles.$inferSelect;
export type StyleInsert = typeof adStyles.$inferInsert;

export async function listStyles(db: Database): Promise<StyleRow[]> {
  return db.select().from(adStyles).orderBy(asc(adStyles.id));
}

export async function findStyle(db: Database, id: number): Promise<StyleRow | undefined> {
  const [row] = await db.select().from(adStyles).where(eq(adStyles.id, id));
  return row;
}

export async function insertStyle(db: Database, values: StyleInsert): Promise<StyleRow> {
  const [row] = await db.insert(adStyles).values(values).returning();
  if (!row) throw new Error('insertStyle: nothing returned');
  return row;
}

export async function updateStyle(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<StyleRow | undefined> {
  const [row] = await db
    .update(adStyles)
    .set({ ...toColumns<StyleInsert>(changes), updatedAt: new Date() })
    .where(eq(adStyles.id, id))
    .returning();
  return row;
}
