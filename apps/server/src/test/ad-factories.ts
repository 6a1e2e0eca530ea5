/**
 * Advertising test data (plans, strategies, creatives, materials) inserted directly, owned
 * by the given user. Route tests use these for fixtures and the API for what they test.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { creatives, materials, plans, strategies } from '../db/schema.js';
import { buildStyle } from './settings-factories.js';

const hex = () => randomBytes(4).toString('hex');

export async function buildMaterial(
  db: Database,
  ownerId: number,
  values: Partial<typeof materials.$inferInsert> = {},
) {
  const [row] = await db
    .insert(materials)
    .values({
      ownerId,
      name: `material-${hex()}.png`,
      kind: 'image',
      mime: 'image/png',
      ext: 'png',
      sizeBytes: 1234,
      storageKey: `test/${hex()}${hex()}.png`,
      width: 640,
      height: 320,
      ...values,
    })
    .returning();
  if (!row) throw new Error('buildMaterial: nothing returned');
  return row;
}

export async function buildCreative(
  db: Database,
  ownerId: number,
  values: Partial<typeof creatives.$inferInsert> = {},
) {
  const styleId = values.styleId ?? (await buildStyle(db)).id;
  const [row] = await db
    .insert(creatives)
    .values({
      ownerId,
      name: `Creative ${hex()}`,
      styleId,
      language: 'en',
      title: 'A title',
      clickAction: 2,
      clickUrl: 'https://example.com/landing',
      ...values,
    })
    .returning();
  if (!row) throw new Error('buildCreative: nothing returned');
  return row;
}

export async function buildPlan(
  db: Database,
  ownerId: number,
  values: Partial<typeof plans.$inferInsert> = {},
) {
  const [row] = await db
    .insert(plans)
    .values({
      ownerId,
      name: `Plan ${hex()}`,
      budget: 100_000_000,
      bid: 2_000_000,
      billing: 2,
      startAt: new Date('2026-01-01T00:00:00Z'),
      ...values,
    })
    .returning();
  if (!row) throw new Error('buildPlan: nothing returned');
  return row;
}

export async function buildStrategy(
  db: Database,
  planId: number,
  ownerId: number,
  values: Partial<typeof strategies.$inferInsert> = {},
) {
  const [row] = await db
    .insert(strategies)
    .values({
      planId,
      ownerId,
      name: `Strategy ${hex()}`,
      languages: ['en'],
      ...values,
    })
    .returning();
  if (!row) throw new Error('buildStrategy: nothing returned');
  return row;
}
