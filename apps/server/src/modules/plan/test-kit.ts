/**
 * Fixtures of the plan route tests: request bodies, a complete plan (style, creative,
 * strategy) built directly, row counts for "nothing written" checks, and typed calls.
 */
import {
  Ability,
  CreativeReview,
  PlanStatus,
  PlanStep,
  type EndpointDefinition,
  type FieldIssue,
} from '@adloom/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { plans, strategies } from '../../db/schema.js';
import { buildCreative, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { buildSigned, type Signed } from '../../test/accounts.js';
import { buildLedgerEntry } from '../../test/factories.js';
import type { ApiResult } from '../../test/http.js';
import { call, changeCountBy } from '../../test/settings.js';
import { buildStyle } from '../../test/settings-factories.js';

export const ADVERTISER = Ability.login | Ability.adManage;
export const ADVANCED_ADVERTISER = ADVERTISER | Ability.adManageAdvanced;

/** An advertiser with money: starting its plans makes them Live. */
export async function buildAdvertiser(
  db: Database,
  options: { ability?: number; parentId?: number; balance?: number } = {},
): Promise<Signed> {
  const signed = await buildSigned(db, {
    ability: options.ability ?? ADVERTISER,
    ...(options.parentId === undefined ? {} : { parentId: options.parentId }),
  });
  const balance = options.balance ?? 1_000_000_000;
  if (balance !== 0) {
    await buildLedgerEntry(db, { userId: signed.user.id, amount: balance, balanceAfter: balance });
  }
  return signed;
}

/** A create-plan body: 50.00 a day, CPM at 2.00, Monday to Friday 8:00-20:00. */
export function planBody(overrides: Record<string, unknown> = {}) {
  const workHours = Array.from({ length: 12 }, (_, index) => index + 8);
  return {
    name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
    budget: 50_000_000,
    bid: 2_000_000,
    billing: 2,
    schedule: [workHours, workHours, workHours, workHours, workHours, [], []],
    start_at: '2026-01-01T00:00:00.000Z',
    end_at: null,
    times_per_user: 3,
    frequency_per_user: 1,
    interval_seconds: 3600,
    cache_seconds: 600,
    ...overrides,
  };
}

export interface StrategyWorld {
  styleId: number;
  creativeId: number;
}

/** An active style and an approved English creative of it, owned by `ownerId`. */
export async function buildCreativeWorld(db: Database, ownerId: number): Promise<StrategyWorld> {
  const style = await buildStyle(db);
  const creative = await buildCreative(db, ownerId, {
    styleId: style.id,
    language: 'en',
    review: CreativeReview.approve,
  });
  return { styleId: style.id, creativeId: creative.id };
}

/** A strategy body for the plan, with the world's style, language and creative. */
export function strategyBody(
  planId: number,
  world: StrategyWorld,
  overrides: Record<string, unknown> = {},
) {
  return {
    plan_id: planId,
    name: `Strategy ${Math.random().toString(36).slice(2, 8)}`,
    bid: null,
    targeting: [{ key: 'os', mode: 'include', values: ['1'] }],
    style_ids: [world.styleId],
    languages: ['en'],
    creative_ids: [world.creativeId],
    ...overrides,
  };
}

/** A complete, unlive plan with one strategy serving one creative. */
export async function buildCompletePlan(
  db: Database,
  ownerId: number,
  values: Partial<typeof plans.$inferInsert> = {},
) {
  const world = await buildCreativeWorld(db, ownerId);
  const plan = await buildPlan(db, ownerId, {
    creationStep: PlanStep.complete,
    publishedAt: new Date(),
    status: PlanStatus.unlive,
    ...values,
  });
  const strategy = await buildStrategy(db, plan.id, ownerId, {
    styleIds: [world.styleId],
    languages: ['en'],
    creativeIds: [world.creativeId],
  });
  return { plan, strategy, ...world };
}

export async function countPlansOf(db: Database, ownerId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(plans).where(eq(plans.ownerId, ownerId));
  return row?.value ?? 0;
}

export async function countStrategiesOf(db: Database, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(strategies)
    .where(eq(strategies.ownerId, ownerId));
  return row?.value ?? 0;
}

/** What one owner has written: plans, strategies and the actor's change-log rows. */
export async function footprint(db: Database, actor: Signed) {
  return {
    plans: await countPlansOf(db, actor.user.id),
    strategies: await countStrategiesOf(db, actor.user.id),
    changes: await changeCountBy(db, actor.user.id),
  };
}

export async function planRow(db: Database, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row) throw new Error(`plan ${id} missing`);
  return row;
}

export async function strategyRow(db: Database, id: number) {
  const [row] = await db.select().from(strategies).where(eq(strategies.id, id));
  return row;
}

/** Calls with JSON and an optional query string. */
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
