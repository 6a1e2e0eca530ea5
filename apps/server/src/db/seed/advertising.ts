/**
 * The base demo advertising: for two advertisers approved Text creatives, a Live plan and a
 * plan still at its strategies step.
 */
import {
  AdStyleType,
  Billing,
  ClickAction,
  CreativeReview,
  PlanStatus,
  PlanStep,
  scheduleToMasks,
  toMicros,
  type Schedule,
  type TargetingRule,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { adStyles, creatives, plans, strategies } from '../schema.js';

/** Demo creatives of the Text style: they need no uploaded files. */
export const DEMO_TEXT_CREATIVES: readonly {
  name: string;
  language: 'en' | 'fr';
  title: string;
  description: string;
  actionText: string;
  clickUrl: string;
}[] = [
  {
    name: 'Spring sale (text, en)',
    language: 'en',
    title: 'Spring sale: 30% off',
    description: 'Fresh styles for the new season, delivered free in two days.',
    actionText: 'Shop now',
    clickUrl: 'https://example.com/spring?lang=en',
  },
  {
    name: 'Free trial (text, en)',
    language: 'en',
    title: 'Try Adloom Pro free',
    description: 'Thirty days of every feature, no card needed.',
    actionText: 'Start trial',
    clickUrl: 'https://example.com/trial?lang=en',
  },
  {
    name: 'Soldes de printemps (text, fr)',
    language: 'fr',
    title: 'Soldes de printemps : -30 %',
    description: 'Les nouveautés de la saison, livrées gratuitement en deux jours.',
    actionText: 'Acheter',
    clickUrl: 'https://example.com/spring?lang=fr',
  },
];

/** The advertisers that get demo plans and creatives. */
const DEMO_AD_OWNERS = ['advertiser', 'adv_alpha'] as const;
/** Who approved the demo creatives. */
const DEMO_REVIEWER = 'auditor';

const EVERY_HOUR = Array.from({ length: 24 }, (_, hour) => hour);
const EVENINGS = Array.from({ length: 6 }, (_, index) => index + 18);
const DEMO_FULL_WEEK: Schedule = Array.from({ length: 7 }, () => EVERY_HOUR);
/** Friday to Sunday evenings (UTC). */
const DEMO_WEEKEND_EVENINGS: Schedule = [[], [], [], [], EVENINGS, EVENINGS, EVENINGS];

/**
 * For each demo advertiser: three approved Text creatives, one complete Live plan with two
 * strategies serving them, and one plan left at the strategies step of the creation flow.
 */
export async function seedDemoAdvertising(tx: Database, ids: Map<string, number>): Promise<void> {
  const [textStyle] = await tx
    .select({ id: adStyles.id })
    .from(adStyles)
    .where(eq(adStyles.type, AdStyleType.text))
    .limit(1);
  if (!textStyle) return;
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const startAt = new Date(today - 7 * 86_400_000);
  // The live plans started before the demo history (30 days of simulated traffic) begins.
  const liveStartAt = new Date(today - 35 * 86_400_000);
  const reviewerId = ids.get(DEMO_REVIEWER) ?? null;

  for (const username of DEMO_AD_OWNERS) {
    const ownerId = ids.get(username);
    if (ownerId === undefined) continue;
    const made = await tx
      .insert(creatives)
      .values(
        DEMO_TEXT_CREATIVES.map((creative) => ({
          ownerId,
          name: creative.name,
          styleId: textStyle.id,
          language: creative.language,
          title: creative.title,
          description: creative.description,
          actionText: creative.actionText,
          clickAction: ClickAction.openUrl,
          clickUrl: creative.clickUrl,
          review: CreativeReview.approve,
          reviewerId,
          reviewedAt: now,
        })),
      )
      .returning({ id: creatives.id, language: creatives.language });
    const inLanguage = (language: string) =>
      made.filter((creative) => creative.language === language).map((creative) => creative.id);

    const [live] = await tx
      .insert(plans)
      .values({
        ownerId,
        name: 'Spring launch',
        budget: toMicros('200'),
        bid: toMicros('2'),
        billing: Billing.cpm,
        schedule: scheduleToMasks(DEMO_FULL_WEEK),
        startAt: liveStartAt,
        timesPerUser: 5,
        frequencyPerUser: 2,
        intervalSeconds: 3600,
        cacheSeconds: 600,
        status: PlanStatus.live,
        creationStep: PlanStep.complete,
        publishedAt: now,
      })
      .returning({ id: plans.id });
    if (live) {
      const englishTargeting: TargetingRule[] = [
        { key: 'country', mode: 'include', values: ['US', 'GB'] },
        { key: 'os', mode: 'include', values: ['1', '2'] },
      ];
      const frenchTargeting: TargetingRule[] = [
        { key: 'country', mode: 'include', values: ['FR', 'CA'] },
        { key: 'network', mode: 'exclude', values: ['2', '3'] },
      ];
      await tx.insert(strategies).values([
        {
          planId: live.id,
          ownerId,
          name: 'English speakers, Android and iOS',
          targeting: englishTargeting,
          styleIds: [textStyle.id],
          languages: ['en'],
          creativeIds: inLanguage('en'),
        },
        {
          planId: live.id,
          ownerId,
          name: 'French speakers, fast networks',
          bid: toMicros('2.5'),
          targeting: frenchTargeting,
          styleIds: [textStyle.id],
          languages: ['fr'],
          creativeIds: inLanguage('fr'),
        },
      ]);
    }

    const [draft] = await tx
      .insert(plans)
      .values({
        ownerId,
        name: 'Summer weekends (draft)',
        budget: toMicros('80'),
        bid: toMicros('0.4'),
        billing: Billing.cpc,
        schedule: scheduleToMasks(DEMO_WEEKEND_EVENINGS),
        startAt: new Date(startAt.getTime() + 30 * 86_400_000),
        endAt: new Date(startAt.getTime() + 120 * 86_400_000),
        status: PlanStatus.unlive,
        creationStep: PlanStep.strategies,
      })
      .returning({ id: plans.id });
    if (draft) {
      await tx.insert(strategies).values({
        planId: draft.id,
        ownerId,
        name: 'Wi-Fi evenings',
        targeting: [{ key: 'network', mode: 'include', values: ['1'] }],
        styleIds: [textStyle.id],
        languages: ['en'],
      });
    }
  }
}
