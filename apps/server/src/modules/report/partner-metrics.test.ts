/**
 * The partner metrics of the supply-side report (docs/decisions/partner-pricing.md): partner
 * revenue, our take and the publisher's share (revenue − take), summed from stats_hourly's
 * partner_revenue and partner_take through the hourly table and the daily rollup alike.
 */
import { ABILITY_ALL, type ReportResult } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildSession, buildStatsRow, buildUser } from '../../test/factories.js';
import { api } from '../../test/http.js';
import { buildDsp, buildMedia, buildSlot } from '../../test/supply-factories.js';

let t: TestApp;
let token = '';
let dspId = 0;
let slotId = 0;

const at = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  const system = await buildUser(t.db, { ability: ABILITY_ALL });
  token = await buildSession(t.db, system.id);
  const owner = await buildUser(t.db);
  const media = await buildMedia(t.db, owner.id);
  const slot = await buildSlot(t.db, media.id);
  const dsp = await buildDsp(t.db);
  dspId = dsp.id;
  slotId = slot.id;
  const row = { mediaId: media.id, slotId: slot.id, dspId: dsp.id, country: 'US' };
  // Worked example 1 at 2 (1513 paid, 303 taken, 1210 shared) twice, at 1 (2000, 400, 1600) once.
  await buildStatsRow(t.db, {
    ...row,
    hour: at('2024-06-01', 3),
    impressions: 2,
    income: 2_420,
    partnerRevenue: 3_026,
    partnerTake: 606,
  });
  await buildStatsRow(t.db, {
    ...row,
    hour: at('2024-06-02', 9),
    impressions: 1,
    income: 1_600,
    partnerRevenue: 2_000,
    partnerTake: 400,
  });
});
afterAll(async () => {
  await t.close();
});

async function report(dimensions: string[]): Promise<ReportResult> {
  const result = await api<ReportResult>(t.app, {
    method: 'POST',
    url: '/svc/report/query',
    token,
    body: {
      scope: 'supply',
      from: '2024-06-01',
      to: '2024-06-02',
      dimensions,
      metrics: ['imp', 'income', 'partnerRevenue', 'take', 'publisherShare'],
      filters: [{ dimension: 'slot', values: [String(slotId)] }],
    },
  });
  expect(result.body, JSON.stringify(result.body)).toMatchObject({ code: 200 });
  return result.body.data;
}

describe('partner revenue, our take and the publisher share', () => {
  it('sum by day, from the daily rollup', async () => {
    const data = await report(['date']);
    expect(
      data.list.map(({ date, partnerRevenue, take, publisherShare }) => ({
        date,
        partnerRevenue,
        take,
        publisherShare,
      })),
    ).toEqual([
      { date: '2024-06-01', partnerRevenue: 3_026, take: 606, publisherShare: 2_420 },
      { date: '2024-06-02', partnerRevenue: 2_000, take: 400, publisherShare: 1_600 },
    ]);
    expect(data.totals).toMatchObject({
      imp: 3,
      income: 4_020,
      partnerRevenue: 5_026,
      take: 1_006,
      publisherShare: 4_020,
    });
  });

  it('sum by DSP and hour, from the hourly stats', async () => {
    const data = await report(['dsp', 'hour']);
    expect(data.list).toHaveLength(2);
    expect(data.list.every((row) => row.dsp === dspId)).toBe(true);
    expect(data.list.map((row) => [row.hour, row.partnerRevenue, row.take])).toEqual([
      [3, 3_026, 606],
      [9, 2_000, 400],
    ]);
  });
});
