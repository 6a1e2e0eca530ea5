/** SQL over languages. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { languages } from '../../../db/schema.js';
import { toColumns } from '../../../db/sql.js';

export type LanguageRow = typeof languages.$inferSelect;
type LanguageInsert = typeof languages.$inferInsert;

export async function listLanguages(db: Database): Promise<LanguageRow[]> {
  return db.select().from(languages).orderBy(asc(languages.id));
}

export async function findLanguage(db: Database, id: number): Promise<LanguageRow | undefined> {
  const [row] = await db.select().from(languages).where(eq(languages.id, id));
  return row;
}

/** The ids among `ids` that name a stored language. */
export async function existingLanguageIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(inArray(languages.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function insertLanguage(
  db: Database,
  values: { name: string; code: string },
): Promise<LanguageRow> {
  const [row] = await db.insert(languages).values(values).returning();
  if (!row) throw new Error('insertLanguage: nothing returned');
  return row;
}

export async function updateLanguage(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<LanguageRow | undefined> {
  const [row] = await db
    .update(languages)
    .set({ ...toColumns<LanguageInsert>(changes), updatedAt: new Date() })
    .where(eq(languages.id, id))
    .returning();
  return row;
}
