/** SQL over strategies: a plan's list, one strategy, writes. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { strategies } from '../../db/schema.js';

export type StrategyRow = typeof strategies.$inferSelect;
export type StrategyInsert = typeof strategies.$inferInsert;

/** A plan's strategies in the order they were added (the order completion errors count in). */
export async function listStrategies(db: Database, planId: number): Promise<StrategyRow[]> {
  return db
    .select()
    .from(strategies)
    .where(eq(strategies.planId, planId))
    .orderBy(asc(strategies.id));
}

export async function findStrategy(db: Database, id: number): Promise<StrategyRow | undefined> {
  const [row] = await db.select().from(strategies).where(eq(strategies.id, id));
  return row;
}

export async function insertStrategy(db: Database, values: StrategyInsert): Promise<StrategyRow> {
  const [row] = await db.insert(strategies).values(values).returning();
  if (!row) throw new Error('insertStrategy: nothing returned');
  return row;
}

export async function updateStrategy(
  db: Database,
  id: number,
  changes: Partial<StrategyInsert>,
): Promise<StrategyRow | undefined> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<StrategyInsert>;
  const [row] = await db
    .update(strategies)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(strategies.id, id))
    .returning();
  return row;
}

/** Removes a strategy; false when it did not exist. */
export async function deleteStrategy(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(strategies)
    .where(eq(strategies.id, id))
    .returning({ id: strategies.id });
  return rows.length > 0;
}
