/**
 * Fixtures of the media and slot route tests: supply-side actors by role, request bodies,
 * row reads and counts for "nothing written" checks, and typed calls.
 */
import { Ability, type EndpointDefinition, type FieldIssue } from '@adloom/domain';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { media, slots } from '../../db/schema.js';
import { buildSigned, type Signed } from '../../test/accounts.js';
import type { ApiResult } from '../../test/http.js';
import { call, changeCountBy } from '../../test/settings.js';
import { buildStyle } from '../../test/settings-factories.js';

export const SLOT_ABILITY = Ability.login | Ability.slot;
export const SSP_ABILITY = Ability.login | Ability.ssp;
export const SYSTEM_ABILITY = Ability.login | Ability.systemManage;
export const ADVERTISER_ABILITY = Ability.login | Ability.adManage;

/** A signed-in user of the supply side (slot role unless told). */
export function buildSupplyUser(
  db: Database,
  options: { ability?: number; parentId?: number } = {},
): Promise<Signed> {
  return buildSigned(db, {
    ability: options.ability ?? SLOT_ABILITY,
    ...(options.parentId === undefined ? {} : { parentId: options.parentId }),
  });
}

const suffix = () => Math.random().toString(36).slice(2, 8);

export function mediaBody(overrides: Record<string, unknown> = {}) {
  return { name: `Media ${suffix()}`, os: 1, bundle: `com.test.m${suffix()}`, ...overrides };
}

/** A create-slot body for the media with one (active) style. */
export function slotBody(
  mediaId: number,
  styleId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    media_id: mediaId,
    name: `Slot ${suffix()}`,
    lowest_bid: 1_500_000,
    style_ids: [styleId],
    ad_type_id: null,
    ad_form: 1,
    countries: [],
    width: 320,
    height: 50,
    supply_type: 2,
    ...overrides,
  };
}

/** A fresh active style: the one a slot body supports. */
export async function buildStyleId(db: Database): Promise<number> {
  return (await buildStyle(db)).id;
}

export async function mediaRow(db: Database, id: number) {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

export async function slotRow(db: Database, id: number) {
  const [row] = await db.select().from(slots).where(eq(slots.id, id));
  return row;
}

/** What an actor has written: media it owns, slots in them and its change-log rows. */
export async function footprint(db: Database, actor: Signed) {
  const owned = await db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.ownerId, actor.user.id));
  const ids = owned.map((row) => row.id);
  const [slotCount] =
    ids.length === 0
      ? [{ value: 0 }]
      : await db.select({ value: count() }).from(slots).where(inArray(slots.mediaId, ids));
  return {
    media: ids.length,
    slots: slotCount?.value ?? 0,
    changes: await changeCountBy(db, actor.user.id),
  };
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
