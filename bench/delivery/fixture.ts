/**
 * The delivery benchmark's data (docs/product/design.md#budgets: 1,000 plans × 5 strategies, 200 slots), made
 * into a fresh database with batched inserts: advertisers with top-ups large enough never to
 * run dry, plans of every billing with varied schedules and caps, strategies with targeting
 * on country, OS, network, brand, app version and language, one to three creatives each in
 * text, big image or image only (sharing a few materials), 20 media of 10 slots each with varied
 * styles, floors, sizes and countries. Deterministic for a seed. No demand partners: the
 * benchmark measures our own decision, not a partner's network time.
 */
import {
  AdForm,
  AdStyleType,
  Billing,
  ClickAction,
  CreativeReview,
  LedgerKind,
  PlanStatus,
  PlanStep,
  Platform,
  SupplyType,
  type TargetingRule,
} from '@adloom/domain';
import type { Database } from '../../apps/server/src/db/client.js';
import {
  adStyles,
  creatives,
  ledgerEntries,
  materials,
  media,
  plans,
  slots,
  strategies,
  users,
} from '../../apps/server/src/db/schema.js';
import { DEMO_COUNTRIES, DEMO_STYLES } from '../../apps/server/src/db/seed.js';
import type { BenchSlotShape } from './auction.js';
import {
  createRandom,
  randomHex,
  type Random,
} from '../../apps/server/src/delivery/simulate/random.js';
import { appVersions, type TrafficSlot } from '../../apps/server/src/delivery/simulate/traffic.js';

export interface BenchShape {
  plans: number;
  strategiesPerPlan: number;
  slots: number;
  seed: number;
}

export const BENCH_SHAPE: BenchShape = { plans: 1_000, strategiesPerPlan: 5, slots: 200, seed: 7 };

const ADVERTISERS = 50;
const SLOTS_PER_MEDIA = 10;
const CREATIVES_PER_PLAN = 3;
/** A million currency units each: the benchmark never exhausts a balance. */
const TOP_UP_MICROS = 1_000_000_000_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for these tables. */
const CHUNK = 500;
const DAY_MS = 86_400_000;
const ALL_HOURS = 0xff_ffff;
/** 08:00-22:59 UTC. */
const DAYTIME_HOURS = 0x7f_ff00;
const COUNTRY_CODES = DEMO_COUNTRIES.map((country) => country.code);
const BRAND_CODES = ['samsung', 'xiaomi', 'huawei', 'oppo', 'vivo', 'apple'];

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let index = 0; index < rows.length; index += CHUNK) {
    await insert(rows.slice(index, index + CHUNK));
  }
}

function some<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const count = min + Math.floor(random() * (max - min + 1));
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  }
  return chosen;
}

/** The item at `index`, wrapping around the list. */
function cycle<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('seedBenchData: nothing to take from');
  return item;
}

const units = (random: Random, from: number, to: number) =>
  Math.round((from + random() * (to - from)) * 100) * 10_000;

/** The styles the bench creatives use, by type (inserted when the database has none). */
async function ensureStyles(db: Database): Promise<Map<number, number>> {
  let rows = await db.select({ id: adStyles.id, type: adStyles.type }).from(adStyles);
  if (rows.length === 0) {
    rows = await db
      .insert(adStyles)
      .values([...DEMO_STYLES])
      .returning({ id: adStyles.id, type: adStyles.type });
  }
  return new Map(rows.map((row) => [row.type, row.id]));
}

/** A strategy's targeting: a few of these rules, as advertisers combine them. */
function targetingOf(random: Random, bundles: readonly string[]): TargetingRule[] {
  const rules: TargetingRule[] = [];
  if (random() < 0.8) {
    rules.push({ key: 'country', mode: 'include', values: some(random, COUNTRY_CODES, 2, 7) });
  }
  if (random() < 0.5) {
    rules.push({
      key: 'os',
      mode: 'include',
      values: random() < 0.5 ? ['1'] : random() < 0.5 ? ['2'] : ['1', '2'],
    });
  }
  if (random() < 0.3) rules.push({ key: 'network', mode: 'exclude', values: ['2', '3'] });
  if (random() < 0.2) {
    rules.push({ key: 'brand', mode: 'include', values: some(random, BRAND_CODES, 2, 4) });
  }
  if (random() < 0.15) {
    const bundle = bundles[Math.floor(random() * bundles.length)] ?? '';
    rules.push({ key: 'appVersion', mode: 'exclude', values: appVersions(bundle).slice(3) });
  }
  if (random() < 0.1)
    rules.push({ key: 'pkg', mode: 'exclude', values: some(random, bundles, 1, 3) });
  return rules;
}

/** Inserts the benchmark's data; answers its slots for the traffic model. */
export async function seedBenchData(
  db: Database,
  shape: BenchShape = BENCH_SHAPE,
): Promise<(TrafficSlot & BenchSlotShape)[]> {
  const random = createRandom(shape.seed);
  const styleIds = await ensureStyles(db);
  const styleOf = (type: number) => styleIds.get(type) ?? 0;
  const now = Date.now();

  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: ADVERTISERS + 1 }, (_, index) => ({
        username: `bench_${index === 0 ? 'publisher' : `adv${index}`}_${randomHex(random, 6)}`,
        // Not a usable password hash: bench accounts never sign in.
        passwordHash: 'bench$no-login',
        ability: 1 | 128,
      })),
    )
    .returning({ id: users.id });
  const [publisher, ...advertisers] = owners;
  if (!publisher) throw new Error('seedBenchData: no users made');
  await db.insert(ledgerEntries).values(
    advertisers.map((advertiser) => ({
      userId: advertiser.id,
      kind: LedgerKind.topUp,
      amount: TOP_UP_MICROS,
      balanceAfter: TOP_UP_MICROS,
      note: 'Benchmark top-up',
    })),
  );

  // Supply: 20 media of 10 slots.
  const mediaCount = Math.ceil(shape.slots / SLOTS_PER_MEDIA);
  const mediaRows = await db
    .insert(media)
    .values(
      Array.from({ length: mediaCount }, (_, index) => ({
        ownerId: publisher.id,
        name: `Bench media ${index + 1}`,
        os: [Platform.android, Platform.android, Platform.ios, Platform.all][index % 4] ?? 0,
        bundle: `com.bench.app${index + 1}`,
      })),
    )
    .returning({ id: media.id, os: media.os, bundle: media.bundle });
  const bundles = mediaRows.map((row) => row.bundle);
  const slotShapes = [
    { adForm: AdForm.feed, styles: [AdStyleType.text, AdStyleType.bigImage], width: 0, height: 0 },
    { adForm: AdForm.banner, styles: [AdStyleType.text], width: 320, height: 50 },
    { adForm: AdForm.interstitial, styles: [AdStyleType.imageOnly], width: 1200, height: 628 },
    {
      adForm: AdForm.feed,
      styles: [AdStyleType.bigImage, AdStyleType.imageOnly],
      width: 0,
      height: 0,
    },
  ];
  const slotValues = Array.from({ length: shape.slots }, (_, index) => {
    const slotShape = cycle(slotShapes, index);
    const owner = cycle(mediaRows, Math.floor(index / SLOTS_PER_MEDIA));
    return {
      mediaId: owner.id,
      name: `Bench slot ${index + 1}`,
      lowestBid: units(random, 0.2, 1.5),
      styleIds: slotShape.styles.map(styleOf),
      adForm: slotShape.adForm,
      countries: random() < 0.3 ? some(random, COUNTRY_CODES, 3, 8) : [],
      width: slotShape.width,
      height: slotShape.height,
      supplyType: SupplyType.sdk,
    };
  });
  const slotRows: { id: number; mediaId: number; width: number; height: number }[] = [];
  await insertChunked(slotValues, async (chunk) => {
    slotRows.push(
      ...(await db.insert(slots).values(chunk).returning({
        id: slots.id,
        mediaId: slots.mediaId,
        width: slots.width,
        height: slots.height,
      })),
    );
  });

  // Materials shared by each advertiser's creatives: an icon and a 1200×628 image.
  const materialRows = await db
    .insert(materials)
    .values(
      advertisers.flatMap((advertiser) =>
        [
          [120, 120],
          [1200, 628],
        ].map(([width, height]) => ({
          ownerId: advertiser.id,
          name: `bench-${width}x${height}.png`,
          kind: 'image',
          mime: 'image/png',
          ext: 'png',
          sizeBytes: 20_000,
          storageKey: `bench/${randomHex(random, 16)}.png`,
          width,
          height,
        })),
      ),
    )
    .returning({ id: materials.id, ownerId: materials.ownerId, width: materials.width });
  const materialOf = (ownerId: number, width: number) =>
    materialRows.find((row) => row.ownerId === ownerId && row.width === width)?.id ?? null;

  // Plans, each with its creatives and strategies.
  const planValues = Array.from({ length: shape.plans }, (_, index) => {
    const owner = cycle(advertisers, index);
    const draw = random();
    // CPT books a placement outright: a few plans, narrowly targeted below.
    const billing = draw < 0.01 ? Billing.cpt : draw < 0.16 ? Billing.cpc : Billing.cpm;
    const capped = random() < 0.5;
    const bid =
      billing === Billing.cpm
        ? units(random, 0.5, 5)
        : billing === Billing.cpc
          ? units(random, 0.05, 0.5)
          : units(random, 50, 200);
    return {
      ownerId: owner.id,
      name: `Bench plan ${index + 1}`,
      budget: 1_000_000_000,
      bid,
      billing,
      schedule: Array.from({ length: 7 }, () => (random() < 0.8 ? ALL_HOURS : DAYTIME_HOURS)),
      startAt: new Date(now - 30 * DAY_MS),
      endAt: random() < 0.3 ? new Date(now + 60 * DAY_MS) : null,
      timesPerUser: capped ? 10 : 0,
      frequencyPerUser: capped ? 3 : 0,
      intervalSeconds: capped ? 3600 : 0,
      cacheSeconds: 300,
      status: PlanStatus.live,
      creationStep: PlanStep.complete,
      publishedAt: new Date(now - 30 * DAY_MS),
    };
  });
  const planRows: { id: number; ownerId: number; billing: number }[] = [];
  await insertChunked(planValues, async (chunk) => {
    planRows.push(
      ...(await db
        .insert(plans)
        .values(chunk)
        .returning({ id: plans.id, ownerId: plans.ownerId, billing: plans.billing })),
    );
  });

  const creativeKinds = [
    { type: AdStyleType.text, language: 'en', icon: false, image: false },
    { type: AdStyleType.bigImage, language: 'en', icon: true, image: true },
    { type: AdStyleType.imageOnly, language: 'fr', icon: false, image: true },
  ] as const;
  // A plan speaks one to three formats, so the style index has work to do.
  const creativeValues = planRows.flatMap((plan) =>
    some(random, creativeKinds, 1, CREATIVES_PER_PLAN).map((kind) => ({
      ownerId: plan.ownerId,
      name: `Bench creative ${plan.id}-${kind.type}`,
      styleId: styleOf(kind.type),
      language: kind.language,
      title: kind.type === AdStyleType.imageOnly ? '' : `Offer ${plan.id}`,
      description: kind.type === AdStyleType.imageOnly ? '' : 'A benchmark creative',
      actionText: kind.type === AdStyleType.imageOnly ? '' : 'Open',
      iconMaterialId: kind.icon ? materialOf(plan.ownerId, 120) : null,
      imageMaterialId: kind.image ? materialOf(plan.ownerId, 1200) : null,
      clickAction: ClickAction.openUrl,
      clickUrl: `https://example.com/landing/${plan.id}`,
      review: CreativeReview.approve,
      reviewedAt: new Date(now - 30 * DAY_MS),
    })),
  );
  const creativeRows: { id: number; name: string }[] = [];
  await insertChunked(creativeValues, async (chunk) => {
    creativeRows.push(
      ...(await db
        .insert(creatives)
        .values(chunk)
        .returning({ id: creatives.id, name: creatives.name })),
    );
  });
  const creativesOfPlan = new Map<number, number[]>();
  for (const row of creativeRows) {
    const planId = Number(/^Bench creative (\d+)-/.exec(row.name)?.[1]);
    creativesOfPlan.set(planId, [...(creativesOfPlan.get(planId) ?? []), row.id]);
  }

  const strategyValues = planRows.flatMap((plan) =>
    Array.from({ length: shape.strategiesPerPlan }, (_, index) => {
      const own = creativesOfPlan.get(plan.id) ?? [];
      const targeting = targetingOf(random, bundles);
      if (plan.billing === Billing.cpt) {
        // A booked placement: one slot of one media.
        const slot = slotRows[Math.floor(random() * slotRows.length)];
        targeting.push({ key: 'slot', mode: 'include', values: [String(slot?.id ?? 0)] });
      }
      const languages = random() < 0.6 ? ['en', 'fr'] : random() < 0.5 ? ['en'] : [];
      return {
        planId: plan.id,
        ownerId: plan.ownerId,
        name: `Bench strategy ${plan.id}.${index + 1}`,
        bid: random() < 0.3 ? units(random, 0.5, 6) : null,
        targeting,
        styleIds: [],
        languages,
        creativeIds: random() < 0.7 ? own : some(random, own, 1, 2),
      };
    }),
  );
  await insertChunked(strategyValues, (chunk) => db.insert(strategies).values(chunk));

  const mediaById = new Map(mediaRows.map((row) => [row.id, row]));
  return slotRows.map((slot) => ({
    id: slot.id,
    mediaId: slot.mediaId,
    mediaOs: mediaById.get(slot.mediaId)?.os ?? 0,
    mediaBundle: mediaById.get(slot.mediaId)?.bundle ?? '',
    width: slot.width,
    height: slot.height,
  }));
}
