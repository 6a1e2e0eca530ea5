/**
 * Report test data: two advertisers under one agent, 3 days × 2 advertisers × 2 countries ×
 * 2 hours of stats rows with known counters, plus supply-only rows (unfilled requests and a
 * DSP's traffic) on the same media. Every id is the fixture's own, so tests on the shared
 * PostgreSQL database filter by them. `sumsOf` is the oracle: the sums and metrics of any
 * subset of the rows, computed in plain arithmetic.
 */
import { Ability, type ReportRow } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { countries } from '../../db/schema.js';
import { buildCreative, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { buildStatsRow, buildUser, type TestUser } from '../../test/factories.js';
import { countryCodes } from '../../test/settings-factories.js';
import { buildDsp, buildMedia, buildSlot } from '../../test/supply-factories.js';

export const ADVERTISER = Ability.login | Ability.adManage;
export const DAYS = ['2025-03-01', '2025-03-02', '2025-03-03'] as const;
export const HOURS = [3, 15] as const;

/** Country codes per test file (the PostgreSQL test database is shared): 'U' or 'T'. */
const codeGenerators = new Map<string, () => string>();
const SEEDED_CODES = new Set(['US']);

export interface FixtureRow {
  day: (typeof DAYS)[number];
  hour: number;
  advertiserId: number;
  planId: number;
  strategyId: number;
  creativeId: number;
  mediaId: number;
  slotId: number;
  dspId: number;
  country: string;
  os: number;
  appVersion: string;
  requests: number;
  fills: number;
  impressions: number;
  clicks: number;
  cost: number;
  income: number;
}

interface AdvertiserObjects {
  user: TestUser;
  planId: number;
  strategyId: number;
  creativeId: number;
}

export interface ReportFixture {
  agent: TestUser;
  a: AdvertiserObjects;
  b: AdvertiserObjects;
  /** Two media (one slot each) of a slot-role owner; country j runs on media j. */
  media: { id: number; name: string; slotId: number; slotName: string }[];
  dsp: { id: number; name: string };
  /** Country codes (with names in the countries table). */
  countries: { code: string; name: string }[];
  /** The advertisers' rows (24). */
  rows: FixtureRow[];
  /** Rows of no advertiser: unfilled requests and the DSP's traffic (3 + 3). */
  supplyRows: FixtureRow[];
}

async function insertRow(db: Database, row: FixtureRow): Promise<void> {
  const { day, hour, ...values } = row;
  await buildStatsRow(db, {
    hour: new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`),
    ...values,
  });
}

async function advertiser(db: Database, agentId: number): Promise<AdvertiserObjects> {
  const user = await buildUser(db, { ability: ADVERTISER, parentId: agentId });
  const plan = await buildPlan(db, user.id);
  const strategy = await buildStrategy(db, plan.id, user.id);
  const creative = await buildCreative(db, user.id);
  return { user, planId: plan.id, strategyId: strategy.id, creativeId: creative.id };
}

/** `countryLetter`: the first letter of the fixture's country codes, one per test file. */
export async function seedReportFixture(
  db: Database,
  countryLetter: 'T' | 'U',
): Promise<ReportFixture> {
  const nextCountry = codeGenerators.get(countryLetter) ?? countryCodes(countryLetter);
  codeGenerators.set(countryLetter, nextCountry);
  // An agent that also advertises: the reports need the adController role.
  const agent = await buildUser(db, {
    ability: Ability.login | Ability.userAgent | Ability.adManage,
  });
  const a = await advertiser(db, agent.id);
  const b = await advertiser(db, agent.id);
  const owner = await buildUser(db, { ability: Ability.login | Ability.slot });
  const media: ReportFixture['media'] = [];
  for (let index = 0; index < 2; index += 1) {
    const row = await buildMedia(db, owner.id);
    const slot = await buildSlot(db, row.id);
    media.push({ id: row.id, name: row.name, slotId: slot.id, slotName: slot.name });
  }
  const dsp = await buildDsp(db);
  const countryRows: ReportFixture['countries'] = [];
  for (let index = 0; index < 2; index += 1) {
    let code = nextCountry();
    while (SEEDED_CODES.has(code)) code = nextCountry();
    const name = `Reportland ${code}`;
    await db.insert(countries).values({ code, name });
    countryRows.push({ code, name });
  }

  const rows: FixtureRow[] = [];
  DAYS.forEach((day, dayIndex) => {
    const d = dayIndex + 1;
    [a, b].forEach((owner, i) => {
      countryRows.forEach((country, j) => {
        for (const hour of HOURS) {
          const cost = 1_000_000 * (1 + i) + 250_000 * j;
          rows.push({
            day,
            hour,
            advertiserId: owner.user.id,
            planId: owner.planId,
            strategyId: owner.strategyId,
            creativeId: owner.creativeId,
            mediaId: media[j]?.id ?? 0,
            slotId: media[j]?.slotId ?? 0,
            dspId: 0,
            country: country.code,
            os: hour === 3 ? 1 : 2,
            appVersion: d < 3 ? '1.0' : '2.0',
            requests: 1000 * d + 100 * j,
            fills: 500 + 100 * i,
            impressions: 400 + 10 * d,
            clicks: 4 + i + j + (hour === 15 ? 2 : 0),
            cost,
            income: cost + 500_000,
          });
        }
      });
    });
  });
  const base = {
    advertiserId: 0,
    planId: 0,
    strategyId: 0,
    creativeId: 0,
    mediaId: media[0]?.id ?? 0,
    slotId: media[0]?.slotId ?? 0,
    country: countryRows[0]?.code ?? '',
    os: 1,
    appVersion: '1.0',
  };
  const supplyRows: FixtureRow[] = DAYS.flatMap((day) => [
    // Requests nobody filled.
    {
      ...base,
      day,
      hour: 3,
      dspId: 0,
      requests: 5000,
      fills: 0,
      impressions: 0,
      clicks: 0,
      cost: 0,
      income: 0,
    },
    // The DSP's traffic: our income, no advertiser's cost.
    {
      ...base,
      day,
      hour: 4,
      dspId: dsp.id,
      requests: 0,
      fills: 100,
      impressions: 90,
      clicks: 1,
      cost: 0,
      income: 200_000,
    },
  ]);
  for (const row of [...rows, ...supplyRows]) await insertRow(db, row);
  return {
    agent,
    a,
    b,
    media,
    dsp: { id: dsp.id, name: dsp.name },
    countries: countryRows,
    rows,
    supplyRows,
  };
}

/** The oracle: sums and metrics of some rows, as the contract defines them. */
export function sumsOf(rows: readonly FixtureRow[]): ReportRow {
  const sum = (key: 'requests' | 'fills' | 'impressions' | 'clicks' | 'cost' | 'income') =>
    rows.reduce((total, row) => total + row[key], 0);
  const request = sum('requests');
  const fill = sum('fills');
  const imp = sum('impressions');
  const click = sum('clicks');
  const cost = sum('cost');
  const ratio = (top: number, bottom: number) => (bottom === 0 ? null : top / bottom);
  // Exact half-up rounding of a quotient of integers.
  const roundDiv = (top: number, bottom: number) =>
    bottom === 0 ? null : Math.floor((2 * top + bottom) / (2 * bottom));
  return {
    request,
    fill,
    fr: ratio(fill, request),
    imp,
    ir: ratio(imp, fill),
    click,
    ctr: ratio(click, imp),
    cost,
    income: sum('income'),
    cpc: roundDiv(cost, click),
    cpm: roundDiv(cost * 1000, imp),
  };
}

export const ALL_METRICS = [
  'request',
  'fill',
  'fr',
  'imp',
  'ir',
  'click',
  'ctr',
  'cost',
  'income',
  'cpc',
  'cpm',
] as const;
