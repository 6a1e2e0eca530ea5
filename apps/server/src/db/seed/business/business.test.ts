/**
 * The business demo (issue 20 item 4, issue 17): on top of the base seed it adds agents and
 * advertisers, materials whose files exist, creatives of every style, plans in every status
 * of the spec, creatives waiting for and failing audit, and slots of every ad form that the
 * demo publisher's pages show and that fill from its campaigns (a video on the rewarded one).
 * A day of history through the engine (sampled and weighted, as the start makes it) then has
 * a small network's volume, clicks near 1 %, spend the ledger and the stats agree on, and
 * impressions won by the demo partners through the news app's SSP strategies, above the
 * thresholds below.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdForm,
  AdStyleType,
  CreativeReview,
  DEMO_PUBLISHER_PATH,
  PlanStatus,
  demoPageName,
  type ServeAdAnswer,
} from '@adloom/domain';
import { eq, gt, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillDemoTraffic } from '../../../delivery/simulate/backfill.js';
import { answerDemoPartners, DEMO_PARTNERS } from '../../../delivery/simulate/demo-partners.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  creatives,
  dspHealthHourly,
  dsps,
  ledgerEntries,
  materials,
  plans,
  slots,
  sspStrategies,
  statsHourly,
  users,
} from '../../schema.js';
import { hashDemoPasswords, seedAccounts } from '../accounts.js';
import { BUSINESS_ACCOUNTS, seedBusiness, type BusinessSeedReport } from './index.js';

let t: TestApp;
let report: BusinessSeedReport | undefined;
let uploadDir = '';
let stopPartners = () => {};

beforeAll(async () => {
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'business-seed-test-secret-of-32-chars!',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
  uploadDir = t.app.config.uploadDir;
  const hashes = await hashDemoPasswords(BUSINESS_ACCOUNTS);
  await t.db.transaction(async (tx) => {
    const rows = await tx.select({ id: users.id, username: users.username }).from(users);
    const ids = new Map(rows.map((row) => [row.username, row.id]));
    await seedAccounts(tx, BUSINESS_ACCOUNTS, hashes, ids);
    await seedBusiness(tx, ids, { uploadDir, report: (made) => (report = made) });
  });
  await t.app.delivery().sync();
  stopPartners = answerDemoPartners();
}, 120_000);
afterAll(async () => {
  stopPartners();
  await t.close();
});

describe('the business demo', () => {
  it('has several agents and advertisers, every plan status and audit state', async () => {
    const statuses = await t.db.selectDistinct({ status: plans.status }).from(plans);
    expect(statuses.map((row) => row.status).sort()).toEqual(
      [
        PlanStatus.live,
        PlanStatus.outOfTime,
        PlanStatus.balanceExhausted,
        PlanStatus.lackOfFunds,
        PlanStatus.unlive,
      ].sort(),
    );
    const reviews = await t.db.selectDistinct({ review: creatives.review }).from(creatives);
    expect(reviews.map((row) => row.review).sort()).toEqual(
      [CreativeReview.approve, CreativeReview.auditing, CreativeReview.reject].sort(),
    );
    expect(report?.pendingCreatives).toBeGreaterThanOrEqual(2);
    expect(report?.rejectedCreatives).toBeGreaterThanOrEqual(1);
    const agents = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ['agent', 'agency_north']));
    expect(agents).toHaveLength(2);
    const topUps = await t.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'topUp'));
    expect(topUps[0]?.count ?? 0).toBeGreaterThanOrEqual(10);
  });

  it('stores real pictures and, with ffmpeg, the video in the libraries', async () => {
    const rows = await t.db.select().from(materials);
    expect(rows.filter((row) => row.kind === 'image').length).toBeGreaterThanOrEqual(12);
    for (const row of rows) {
      const file = join(uploadDir, 'objects', row.storageKey.slice(0, 2), row.storageKey);
      expect((await stat(file)).size).toBe(row.sizeBytes);
    }
    if (report?.video) {
      const video = rows.find((row) => row.kind === 'video');
      expect(video?.transcodedKey).toBeTruthy();
      expect(video?.durationMs).toBeGreaterThan(0);
    }
    const styles = await t.db
      .selectDistinct({ type: sql<number>`s.type`.mapWith(Number) })
      .from(creatives)
      .innerJoin(sql`ad_styles s`, sql`s.id = ${creatives.styleId}`)
      .where(eq(creatives.review, CreativeReview.approve));
    const expected = [1, 2, 3, 4, 5, ...(report?.video ? [6] : [])];
    expect(styles.map((row) => row.type).sort()).toEqual(expected);
  });

  it('fills every ad form of the demo publisher from its campaigns', async () => {
    for (const adForm of [AdForm.interstitial, AdForm.splash, AdForm.rewardedVideo]) {
      const page = await t.app.inject({
        method: 'GET',
        url: `${DEMO_PUBLISHER_PATH}/${demoPageName(adForm) ?? ''}`,
      });
      const slotId = Number(/Slot <b>(\d+)<\/b>/.exec(page.body)?.[1] ?? 0);
      const [slot] = await t.db.select().from(slots).where(eq(slots.id, slotId));
      expect(slot?.adForm).toBe(adForm);
      const served = await t.app.inject({
        method: 'GET',
        url: `/serve/ad?slot_id=${slotId}&os=1&country=US&lang=en&uid=reader-${adForm}`,
      });
      const answer = served.json() as ServeAdAnswer;
      if (!answer.fill) throw new Error(`no fill on form ${adForm}: ${answer.reason}`);
      if (adForm === AdForm.rewardedVideo && report?.video) {
        expect(answer.ad.style_type).toBe(AdStyleType.video);
        expect(answer.ad.video?.url).toMatch(/\/files\/[0-9a-f]{32}-web\.mp4$/);
      }
    }
  });

  it('seeds the demo partners with SSP strategies on a media of their own', async () => {
    expect(report?.partners).toBe(DEMO_PARTNERS.length);
    const partners = await t.db.select({ id: dsps.id, name: dsps.name }).from(dsps);
    const demo = partners.filter((row) => DEMO_PARTNERS.some((p) => p.name === row.name));
    expect(demo).toHaveLength(DEMO_PARTNERS.length);
    const strategies = await t.db.select().from(sspStrategies);
    expect(strategies.length).toBeGreaterThanOrEqual(3);
    const allocated = new Set(
      strategies.flatMap((row) => (row.allocations as { dsp_id: number }[]).map((a) => a.dsp_id)),
    );
    for (const row of demo) expect(allocated.has(row.id)).toBe(true);
  });

  it('makes a day of a small network: volume, clicks near 1 %, spend, partner sales', async () => {
    // Yesterday, midnight to midnight UTC: a day ending at the real clock would span different
    // hours (and the plans' schedules in them) at each run, and move the fill rate with it.
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    // The start's defaults: 100,000 requests a day, 300 of them served, each weighing 333.
    const day = await backfillDemoTraffic(t.app.delivery(), t.db, { days: 1, now: midnight });
    expect(day.sampled).toBeLessThan(600);
    expect(day.requests).toBeGreaterThan(60_000);
    // 0.39 seen over 30 days; a third of requests filled is the floor of a live demo.
    expect(day.fills / day.requests).toBeGreaterThan(0.3);
    expect(day.impressions).toBeGreaterThan(20_000);
    const ctr = day.clicks / day.impressions;
    expect(ctr).toBeGreaterThan(0.005);
    expect(ctr).toBeLessThan(0.02);
    expect(day.partnerImpressions).toBeGreaterThan(2_000);

    const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
    const [spend] = await t.db
      .select({ total: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'spend'));
    const [stats] = await t.db
      .select({
        impressions: sum(statsHourly.impressions),
        cost: sum(statsHourly.cost),
        partnerRevenue: sum(statsHourly.partnerRevenue),
        partnerImpressions:
          sql<number>`coalesce(sum(${statsHourly.impressions}) filter (where ${statsHourly.dspId} > 0), 0)`.mapWith(
            Number,
          ),
      })
      .from(statsHourly);
    // Budgets spent: more than 100 a day over the live plans, what the stats cost.
    expect(spend?.total ?? 0).toBeGreaterThan(100_000_000);
    expect(stats?.cost).toBe(spend?.total);
    expect(stats?.impressions).toBe(day.impressions);
    expect(stats?.partnerImpressions).toBe(day.partnerImpressions);
    expect(stats?.partnerRevenue ?? 0).toBeGreaterThan(0);

    // Advertisers' requests (docs/decisions/advertiser-requests.md): a strategy entered at
    // least the auctions it won, and some entered more (no "0 requests" beside impressions).
    const entrants = await t.db
      .select({ fills: sum(statsHourly.fills), auctions: sum(statsHourly.auctions) })
      .from(statsHourly)
      .where(gt(statsHourly.advertiserId, 0))
      .groupBy(statsHourly.strategyId);
    expect(entrants.length).toBeGreaterThan(3);
    for (const row of entrants) expect(row.auctions).toBeGreaterThanOrEqual(row.fills);
    expect(entrants.filter((row) => row.auctions > row.fills).length).toBeGreaterThan(1);

    // Partner health: every demo partner called, at least two of them winning.
    const health = await t.db
      .select({
        dspId: dspHealthHourly.dspId,
        calls: sum(dspHealthHourly.calls),
        wins: sum(dspHealthHourly.wins),
      })
      .from(dspHealthHourly)
      .groupBy(dspHealthHourly.dspId);
    expect(health.filter((row) => row.calls > 0)).toHaveLength(DEMO_PARTNERS.length);
    expect(health.filter((row) => row.wins > 0).length).toBeGreaterThanOrEqual(2);
  }, 300_000);
});
