/** Fixtures of the SSP strategy route tests: a slot with partners, bodies, counts, calls. */
import { Ability, type EndpointDefinition, type FieldIssue } from '@adloom/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { sspStrategies } from '../../db/schema.js';
import { buildSigned, type Signed } from '../../test/accounts.js';
import type { ApiResult } from '../../test/http.js';
import { call, changeCountBy } from '../../test/settings.js';
import { buildDsp, buildMedia, buildSlot } from '../../test/supply-factories.js';

export const SSP_ABILITY = Ability.login | Ability.ssp;
export const SLOT_ABILITY = Ability.login | Ability.slot;
export const SYSTEM_ABILITY = Ability.login | Ability.systemManage;
export const ADVERTISER_ABILITY = Ability.login | Ability.adManage;

export const buildOperator = (db: Database, ability = SSP_ABILITY): Promise<Signed> =>
  buildSigned(db, { ability });

/** A media of `ownerId` with one slot, and two active demand partners. */
export async function buildSupply(db: Database, ownerId: number) {
  const mediaRow = await buildMedia(db, ownerId);
  const slot = await buildSlot(db, mediaRow.id);
  const alpha = await buildDsp(db);
  const beta = await buildDsp(db);
  return { media: mediaRow, slot, alpha, beta };
}
export type Supply = Awaited<ReturnType<typeof buildSupply>>;

/** A create body for the supply's slot: alpha 600‰, beta 300‰ (own 100‰). */
export function strategyBody(supply: Supply, overrides: Record<string, unknown> = {}) {
  return {
    slot_id: supply.slot.id,
    name: `SSP strategy ${Math.random().toString(36).slice(2, 8)}`,
    config: { seat: 'adloom', bid_floor_boost: 1.2 },
    triggers: [{ key: 'os', mode: 'include', values: ['1', '2'] }],
    allocations: [
      { dsp_id: supply.alpha.id, permille: 600 },
      { dsp_id: supply.beta.id, permille: 300 },
    ],
    priority: 10,
    ...overrides,
  };
}

export async function countStrategiesOfSlot(db: Database, slotId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(sspStrategies)
    .where(eq(sspStrategies.slotId, slotId));
  return row?.value ?? 0;
}

export async function strategyRow(db: Database, id: number) {
  const [row] = await db.select().from(sspStrategies).where(eq(sspStrategies.id, id));
  if (!row) throw new Error(`ssp strategy ${id} missing`);
  return row;
}

/** What an actor has written about a slot: its strategies and the actor's change-log rows. */
export async function footprint(db: Database, actor: Signed, slotId: number) {
  return {
    strategies: await countStrategiesOfSlot(db, slotId),
    changes: await changeCountBy(db, actor.user.id),
  };
}

export function send<T = unknown>(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  actor: Signed,
  input: { body?: unknown; query?: string } = {},
): Promise<ApiResult<T>> {
  return call<T>(app, endpoint, actor.token, input);
}

/** The field issues of a -120 answer (fails the test on any other answer). */
export function issuesOf(result: ApiResult): FieldIssue[] {
  expect(result.body.code, JSON.stringify(result.body)).toBe(-120);
  expect(result.status).toBe(400);
  return (result.body.data as { fields: FieldIssue[] }).fields;
}
