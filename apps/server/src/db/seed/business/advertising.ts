/**
 * The business demo's campaigns: creatives of every style with the pictures and video of
 * assets.ts in their owners' libraries, live plans filling each ad form, a plan in every
 * other status of the spec, and creatives waiting for audit or refused by it.
 */
import {
  AdStyleType,
  Billing,
  ClickAction,
  CreativeReview,
  PlanStatus,
  PlanStep,
  toMicros,
  type TargetingRule,
} from '@adloom/domain';
import type { Database } from '../../client.js';
import { adStyles, creatives, plans, strategies } from '../../schema.js';
import type { DemoMaterials } from './materials.js';

const DAY_MS = 86_400_000;

type CreativeValues = typeof creatives.$inferInsert;
type PlanValues = typeof plans.$inferInsert;

interface Context {
  tx: Database;
  ids: Map<string, number>;
  style: (type: number) => number;
  now: Date;
  today: number;
}

async function addCreatives(context: Context, values: CreativeValues[]): Promise<number[]> {
  const rows = await context.tx.insert(creatives).values(values).returning({ id: creatives.id });
  return rows.map((row) => row.id);
}

/** A complete plan with its strategies; answers the plan's id. */
async function addPlan(
  context: Context,
  ownerId: number,
  plan: Omit<PlanValues, 'ownerId' | 'startAt'> & { startAt?: Date },
  legs: {
    name: string;
    styles: number[];
    creativeIds: number[];
    bid?: string;
    targeting?: TargetingRule[];
  }[],
): Promise<number> {
  const [row] = await context.tx
    .insert(plans)
    .values({
      startAt: new Date(context.today - 35 * DAY_MS),
      timesPerUser: 6,
      cacheSeconds: 600,
      creationStep: PlanStep.complete,
      publishedAt: new Date(context.today - 34 * DAY_MS),
      ...plan,
      ownerId,
    })
    .returning({ id: plans.id });
  if (!row) return 0;
  await context.tx.insert(strategies).values(
    legs.map((leg) => ({
      planId: row.id,
      ownerId,
      name: leg.name,
      ...(leg.bid ? { bid: toMicros(leg.bid) } : {}),
      targeting: leg.targeting ?? [],
      styleIds: leg.styles.map(context.style),
      languages: ['en'],
      creativeIds: leg.creativeIds,
    })),
  );
  return row.id;
}

export interface BusinessCampaigns {
  live: number;
  pending: number;
  rejected: number;
}

export async function seedBusinessAdvertising(
  tx: Database,
  ids: Map<string, number>,
  library: DemoMaterials,
): Promise<BusinessCampaigns> {
  const styleRows = await tx.select({ id: adStyles.id, type: adStyles.type }).from(adStyles);
  const now = new Date();
  const context: Context = {
    tx,
    ids,
    now,
    today: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
    style: (type) => styleRows.find((row) => row.type === type)?.id ?? 0,
  };
  const reviewerId = ids.get('auditor') ?? null;
  const approved = { review: CreativeReview.approve, reviewerId, reviewedAt: now };
  const owner = (name: string) => ids.get(name) ?? 0;
  const made = { live: 0, pending: 0, rejected: 0 };

  // Gamma Games: a game's installs on interstitials, splashes and rewarded video.
  const gamma = owner('adv_gamma');
  const g = library.get(gamma);
  if (gamma && g) {
    const base = {
      ownerId: gamma,
      language: 'en',
      clickAction: ClickAction.openUrl,
      clickUrl: 'https://example.com/puzzle-quest',
    };
    const [imageOnly, bigImage, video] = await addCreatives(context, [
      {
        ...base,
        ...approved,
        name: 'Puzzle Quest — key art',
        styleId: context.style(AdStyleType.imageOnly),
        imageMaterialId: g.big,
      },
      {
        ...base,
        ...approved,
        name: 'Puzzle Quest — big card',
        styleId: context.style(AdStyleType.bigImage),
        title: 'Puzzle Quest',
        description: 'Three hundred levels, no wifi needed.',
        actionText: 'Play free',
        iconMaterialId: g.icon,
        imageMaterialId: g.big,
      },
      // Without the clip (no ffmpeg) there is no video creative.
      ...(g.video
        ? [
            {
              ...base,
              ...approved,
              name: 'Puzzle Quest — gameplay video',
              styleId: context.style(AdStyleType.video),
              title: 'Puzzle Quest',
              description: 'Watch a level, then play it.',
              actionText: 'Install',
              iconMaterialId: g.icon,
              imageMaterialId: g.poster,
              videoMaterialId: g.video,
            },
          ]
        : []),
    ]);
    await addCreatives(context, [
      {
        ...base,
        name: 'Puzzle Quest — new season art',
        styleId: context.style(AdStyleType.imageOnly),
        imageMaterialId: g.big,
        review: CreativeReview.auditing,
      },
      {
        ...base,
        name: 'Puzzle Quest — "win real money"',
        styleId: context.style(AdStyleType.bigImage),
        title: 'Win real money',
        description: 'Every level pays out in cash.',
        actionText: 'Play',
        iconMaterialId: g.icon,
        imageMaterialId: g.big,
        review: CreativeReview.reject,
        rejectReason: 'Misleading claim: the game pays no money.',
        reviewerId,
        reviewedAt: now,
      },
    ]);
    made.pending += 1;
    made.rejected += 1;
    const videoLegs = video
      ? [
          {
            name: 'Rewarded and full-screen video',
            styles: [AdStyleType.video],
            creativeIds: [video],
            bid: '6',
          },
        ]
      : [];
    await addPlan(
      context,
      gamma,
      {
        name: 'Puzzle Quest installs',
        budget: toMicros('110'),
        bid: toMicros('3.5'),
        billing: Billing.cpm,
        status: PlanStatus.live,
      },
      [
        {
          name: 'Full-screen pictures',
          styles: [AdStyleType.imageOnly, AdStyleType.bigImage],
          creativeIds: [imageOnly ?? 0, bigImage ?? 0],
        },
        ...videoLegs,
      ],
    );
    await addPlan(
      context,
      gamma,
      {
        name: 'Launch week burst',
        budget: toMicros('25'),
        bid: toMicros('4'),
        billing: Billing.cpm,
        status: PlanStatus.balanceExhausted,
      },
      [
        {
          name: 'Everyone, every slot',
          styles: [AdStyleType.imageOnly],
          creativeIds: [imageOnly ?? 0],
        },
      ],
    );
    made.live += 1;
  }

  // Delta Travel: flights in feeds and banners, paid by the click.
  const delta = owner('adv_delta');
  const d = library.get(delta);
  if (delta && d) {
    const base = {
      ownerId: delta,
      language: 'en',
      clickAction: ClickAction.openUrl,
      clickUrl: 'https://example.com/flights',
      ...approved,
    };
    const ids3 = await addCreatives(context, [
      {
        ...base,
        name: 'Summer flights — small card',
        styleId: context.style(AdStyleType.smallImage),
        title: 'Lisbon from 49',
        description: 'Sun, tiles and custard tarts this summer.',
        iconMaterialId: d.icon,
        imageMaterialId: d.small,
      },
      {
        ...base,
        name: 'Summer flights — big card',
        styleId: context.style(AdStyleType.bigImage),
        title: 'Fly south for less',
        description: 'Two hundred routes, fares from 39.',
        actionText: 'Book now',
        iconMaterialId: d.icon,
        imageMaterialId: d.big,
      },
      {
        ...base,
        name: 'Summer flights — three cities',
        styleId: context.style(AdStyleType.threeImages),
        title: 'Rome, Lisbon or Athens?',
        groupMaterialIds: d.group,
      },
    ]);
    await addCreatives(context, [
      {
        ...base,
        name: 'Winter sun — draft card',
        styleId: context.style(AdStyleType.smallImage),
        title: 'Canaries from 79',
        description: 'Winter sun, four hours away.',
        iconMaterialId: d.icon,
        imageMaterialId: d.small,
        review: CreativeReview.auditing,
        reviewerId: null,
        reviewedAt: null,
      },
    ]);
    made.pending += 1;
    await addPlan(
      context,
      delta,
      {
        name: 'Summer flights',
        budget: toMicros('80'),
        bid: toMicros('0.35'),
        billing: Billing.cpc,
        status: PlanStatus.live,
      },
      [
        {
          name: 'Feeds and banners, Europe and US',
          styles: [AdStyleType.smallImage, AdStyleType.bigImage, AdStyleType.threeImages],
          creativeIds: ids3,
        },
      ],
    );
    await addPlan(
      context,
      delta,
      {
        name: 'Winter deals',
        budget: toMicros('60'),
        bid: toMicros('0.3'),
        billing: Billing.cpc,
        status: PlanStatus.outOfTime,
        startAt: new Date(context.today - 90 * DAY_MS),
        endAt: new Date(context.today - 40 * DAY_MS),
      },
      [{ name: 'Feeds', styles: [AdStyleType.smallImage], creativeIds: ids3.slice(0, 1) }],
    );
    made.live += 1;
  }

  // The direct advertiser: a product video on every full-screen slot.
  const direct = owner('advertiser');
  const v = library.get(direct);
  if (direct && v && v.video) {
    const [video] = await addCreatives(context, [
      {
        ownerId: direct,
        ...approved,
        name: 'Adloom Pro — product tour',
        language: 'en',
        styleId: context.style(AdStyleType.video),
        title: 'Adloom Pro',
        description: 'Every campaign in one console.',
        actionText: 'Start trial',
        iconMaterialId: v.icon,
        imageMaterialId: v.poster,
        videoMaterialId: v.video,
        clickAction: ClickAction.openUrl,
        clickUrl: 'https://example.com/trial?src=video',
      },
    ]);
    await addPlan(
      context,
      direct,
      {
        name: 'Product tour video',
        budget: toMicros('90'),
        bid: toMicros('5'),
        billing: Billing.cpm,
        status: PlanStatus.live,
        frequencyPerUser: 2,
        intervalSeconds: 3600,
      },
      [{ name: 'Full-screen video', styles: [AdStyleType.video], creativeIds: [video ?? 0] }],
    );
    made.live += 1;
  }

  // Text plans that do not serve: one stopped by its owner, one short of funds.
  const textBase = {
    language: 'en',
    clickAction: ClickAction.openUrl,
    styleId: context.style(AdStyleType.text),
    ...approved,
  };
  for (const [username, plan, status, creative] of [
    [
      'adv_beta',
      'Autumn teaser',
      PlanStatus.unlive,
      {
        name: 'Autumn teaser (text)',
        title: 'Autumn is coming',
        description: 'Warm coats, first pick for members.',
        actionText: 'See more',
        clickUrl: 'https://example.com/autumn',
      },
    ],
    [
      'adv_bakery',
      'Fresh bread mornings',
      PlanStatus.lackOfFunds,
      {
        name: 'Morning bread (text)',
        title: 'Bread out of the oven at 7',
        description: 'Sourdough, rye and croissants on the corner.',
        actionText: 'Find us',
        clickUrl: 'https://example.com/bakery',
      },
    ],
  ] as const) {
    const ownerId = owner(username);
    if (!ownerId) continue;
    const [id] = await addCreatives(context, [{ ...textBase, ...creative, ownerId }]);
    await addPlan(
      context,
      ownerId,
      { name: plan, budget: toMicros('20'), bid: toMicros('1.5'), billing: Billing.cpm, status },
      [{ name: 'Everyone', styles: [AdStyleType.text], creativeIds: [id ?? 0] }],
    );
  }
  return made;
}
