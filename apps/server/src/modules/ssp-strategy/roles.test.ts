/**
 * Who may configure SSP strategies (docs/product/roles-and-access.md#roles): the ssp and system roles. An advertiser or a
 * slot-only user (media and slots, not demand partners) is refused with -110 on every
 * endpoint and writes nothing; the strategy history follows the same rule.
 */
import { Ability, ENDPOINTS, type EndpointDefinition } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildSspStrategy } from '../../test/supply-factories.js';
import {
  ADVERTISER_ABILITY,
  SLOT_ABILITY,
  SSP_ABILITY,
  SYSTEM_ABILITY,
  buildOperator,
  buildSupply,
  footprint,
  send,
  strategyBody,
  strategyRow,
  type Supply,
} from './test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Call = [string, EndpointDefinition, { body?: unknown; query?: string }];

/** One request of every endpoint (and the history read) on a fresh slot's strategy. */
async function callsOn(supply: Supply): Promise<Call[]> {
  const strategy = await buildSspStrategy(t.db, supply.slot.id, {
    allocations: [{ dsp_id: supply.alpha.id, permille: 500 }],
  });
  return [
    ['list', ENDPOINTS.listSspStrategies, { query: `slot_id=${supply.slot.id}` }],
    ['create', ENDPOINTS.createSspStrategy, { body: strategyBody(supply) }],
    ['modify', ENDPOINTS.modifySspStrategy, { body: { id: strategy.id, priority: 77 } }],
    ['switch', ENDPOINTS.switchSspStrategy, { body: { id: strategy.id, status: 1 } }],
    ['split', ENDPOINTS.getSlotSplit, { query: `slot_id=${supply.slot.id}` }],
    [
      'history',
      ENDPOINTS.listChanges,
      { query: `target_type=sspStrategy&target_id=${strategy.id}` },
    ],
  ];
}

describe.each([
  ['an advertiser', ADVERTISER_ABILITY],
  ['a slot-only user', SLOT_ABILITY],
  ['an auditor', Ability.login | Ability.examAdvanced],
])('%s', (_who, ability) => {
  it('is refused (-110) on every SSP strategy endpoint and writes nothing', async () => {
    const actor = await buildOperator(t.db, ability);
    // Even on the slot of a media the user owns.
    const supply = await buildSupply(t.db, actor.user.id);
    const calls = await callsOn(supply);
    const strategyId = (calls[2]?.[2].body as { id: number }).id;
    const row = await strategyRow(t.db, strategyId);
    const before = await footprint(t.db, actor, supply.slot.id);
    for (const [name, endpoint, input] of calls) {
      const result = await send(t.app, endpoint, actor, input);
      expect({ name, code: result.body.code, status: result.status }).toEqual({
        name,
        code: -110,
        status: 403,
      });
    }
    expect(await footprint(t.db, actor, supply.slot.id)).toEqual(before);
    expect(await strategyRow(t.db, strategyId)).toEqual(row);
  });
});

describe.each([
  ['an ssp user', SSP_ABILITY],
  ['a system user', SYSTEM_ABILITY],
  ['the demo operator (slot and ssp)', SSP_ABILITY | SLOT_ABILITY],
])('%s', (_who, ability) => {
  it('may use every SSP strategy endpoint, on any slot', async () => {
    const actor: Signed = await buildOperator(t.db, ability);
    // A slot of someone else's media: ssp and system reach the whole supply side.
    const publisher = await buildOperator(t.db, SLOT_ABILITY);
    const supply = await buildSupply(t.db, publisher.user.id);
    for (const [name, endpoint, input] of await callsOn(supply)) {
      const result = await send(t.app, endpoint, actor, input);
      expect({ name, code: result.body.code }).toEqual({ name, code: 200 });
    }
  });
});
