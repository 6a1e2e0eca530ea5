/** The owner of an advertiser object by its change-log target type (for history reads). */
import type { TargetTypeValue } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { creatives, materials, plans, strategies } from '../../db/schema.js';

const TABLES = {
  plan: plans,
  strategy: strategies,
  creative: creatives,
  material: materials,
} as const;

export type AdTargetType = keyof typeof TABLES;

export function isAdTargetType(type: TargetTypeValue | string): type is AdTargetType {
  return Object.hasOwn(TABLES, type);
}

/** The owner id of the object, or undefined when it does not exist. */
export async function findAdOwner(
  db: Database,
  type: AdTargetType,
  id: number,
): Promise<number | undefined> {
  const table = TABLES[type];
  const [row] = await db.select({ ownerId: table.ownerId }).from(table).where(eq(table.id, id));
  return row?.ownerId;
}
