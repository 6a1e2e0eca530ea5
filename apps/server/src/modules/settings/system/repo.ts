/** SQL over system_parameters: one row, absent until an operator first saves it. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { systemParameters } from '../../../db/schema.js';

export type SystemParametersRow = typeof systemParameters.$inferSelect;

const SINGLE_ROW_ID = 1;

export async function findParameters(db: Database): Promise<SystemParametersRow | undefined> {
  const [row] = await db
    .select()
    .from(systemParameters)
    .where(eq(systemParameters.id, SINGLE_ROW_ID));
  return row;
}

/** The row locked until the transaction ends (absent before the first save). */
export async function lockParameters(tx: Database): Promise<SystemParametersRow | undefined> {
  const [row] = await tx
    .select()
    .from(systemParameters)
    .where(eq(systemParameters.id, SINGLE_ROW_ID))
    .for('update');
  return row;
}

export async function saveParameters(
  tx: Database,
  values: { fundApprovalThreshold: number },
): Promise<SystemParametersRow> {
  const now = new Date();
  const [row] = await tx
    .insert(systemParameters)
    .values({ id: SINGLE_ROW_ID, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: systemParameters.id, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('saveParameters: nothing returned');
  return row;
}
