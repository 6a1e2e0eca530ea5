/**
 * An advertiser's Requests and Fill rate (docs/decisions/advertiser-requests.md): on the
 * advertisers' side of a report Requests are the auctions their strategies entered, so an
 * advertiser never reads "0 requests" next to its impressions; the platform's side keeps the
 * slots' requests, and a report grouped by advertiser totals the platform's.
 */
import { ABILITY_ALL, type ReportQuery, type ReportResult } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildSession, buildStatsRow, buildUser } from '../../test/factories.js';
import { api } from '../../test/http.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import { ADVERTISER } from './test-kit.js';

/** A day no other test file writes stats on (the PostgreSQL test database is shared). */
const DAY = '2018-06-15';
const HOUR = new Date(`${DAY}T10:00:00Z`);

let t: TestApp;
let tokens: { advertiser: string; system: string };
let ids: { advertiser: number; media: number; slot: number };
const STRATEGY_WON = 9101;
const STRATEGY_LOST = 9102;

beforeAll(async () => {
  t = await createTestApp();
  const advertiser = await buildUser(t.db, { ability: ADVERTISER });
  const system = await buildUser(t.db, { ability: ABILITY_ALL });
  const publisher = await buildUser(t.db);
  const media = await buildMedia(t.db, publisher.id);
  const slot = await buildSlot(t.db, media.id);
  ids = { advertiser: advertiser.id, media: media.id, slot: slot.id };
  tokens = {
    advertiser: await buildSession(t.db, advertiser.id),
    system: await buildSession(t.db, system.id),
  };
  const ad = { advertiserId: advertiser.id, planId: 9100, mediaId: media.id, slotId: slot.id };
  // The engine's rows for 100 requests on the slot: 30 filled by one strategy, which entered
  // 40 auctions; another strategy entered 25 and won none.
  await buildStatsRow(t.db, { hour: HOUR, mediaId: media.id, slotId: slot.id, requests: 100 });
  await buildStatsRow(t.db, {
    hour: HOUR,
    ...ad,
    strategyId: STRATEGY_WON,
    creativeId: 1,
    fills: 30,
    impressions: 27,
    auctions: 40,
  });
  await buildStatsRow(t.db, {
    hour: HOUR,
    ...ad,
    strategyId: STRATEGY_LOST,
    creativeId: 2,
    auctions: 25,
  });
});
afterAll(async () => {
  await t.close();
});

async function report(token: string, body: Partial<ReportQuery>): Promise<ReportResult> {
  const result = await api<ReportResult>(t.app, {
    method: 'POST',
    url: '/svc/report/query',
    token,
    body: { from: DAY, to: DAY, metrics: ['request', 'fill', 'fr', 'imp'], size: 50, ...body },
  });
  expect(result.body, JSON.stringify(result.body)).toMatchObject({ code: 200 });
  return result.body.data;
}

describe('an advertiser’s requests', () => {
  it('are the auctions its strategies entered, in its own report and its totals', async () => {
    const data = await report(tokens.advertiser, { dimensions: ['date'] });
    expect(data.list).toEqual([{ date: DAY, request: 65, fill: 30, fr: 30 / 65, imp: 27 }]);
    expect(data.totals).toMatchObject({ request: 65, fill: 30, fr: 30 / 65 });
  });

  it('are each strategy’s own, its fill rate the share it won', async () => {
    const data = await report(tokens.advertiser, { dimensions: ['strategy'] });
    expect(data.list.map(({ strategy, request, fr }) => ({ strategy, request, fr }))).toEqual([
      { strategy: STRATEGY_WON, request: 40, fr: 0.75 },
      { strategy: STRATEGY_LOST, request: 25, fr: 0 },
    ]);
  });

  it('stand beside the platform’s requests in the platform report by advertiser', async () => {
    const data = await report(tokens.system, {
      scope: 'supply',
      dimensions: ['advertiser'],
      filters: [{ dimension: 'slot', mode: 'include', values: [String(ids.slot)] }],
    });
    expect(
      data.list.map(({ advertiser, request, fill }) => ({ advertiser, request, fill })),
    ).toEqual([
      { advertiser: 0, request: 100, fill: 0 },
      { advertiser: ids.advertiser, request: 65, fill: 30 },
    ]);
    // The totals row has no grouping: the platform's requests, and its fill rate.
    expect(data.totals).toMatchObject({ request: 100, fill: 30, fr: 0.3 });
  });

  it('leave the platform’s side alone: by slot, the slot’s requests', async () => {
    const data = await report(tokens.system, {
      scope: 'supply',
      dimensions: ['slot'],
      filters: [{ dimension: 'media', mode: 'include', values: [String(ids.media)] }],
    });
    expect(data.list).toEqual([
      expect.objectContaining({ slot: ids.slot, request: 100, fill: 30, fr: 0.3 }),
    ]);
  });

  it('are the advertiser’s when the platform report is filtered by it', async () => {
    const data = await report(tokens.system, {
      scope: 'supply',
      dimensions: ['date'],
      filters: [{ dimension: 'advertiser', mode: 'include', values: [String(ids.advertiser)] }],
    });
    expect(data.list).toEqual([expect.objectContaining({ request: 65, fill: 30 })]);
  });
});
