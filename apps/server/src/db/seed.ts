/**
 * Demo data for a fresh install: one account per audience of the console, opening top-ups,
 * languages, countries, the six creative styles, and for two advertisers approved Text
 * creatives, a Live plan and a plan still at its strategies step. Runs on start when SEED_DEMO is on and
 * the users table is empty; `npm run db:seed` runs it by hand. It never touches a database
 * that already has users.
 */
import {
  ABILITY_ALL,
  AdForm,
  AdStyleType,
  Billing,
  ClickAction,
  CreativeReview,
  DspType,
  Gender,
  LedgerKind,
  PlanStatus,
  PlanStep,
  Platform,
  SupplyType,
  abilityFromNames,
  deriveRoles,
  scheduleToMasks,
  toMicros,
  type Schedule,
  type TargetingRule,
} from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.js';
import type { Database } from './client.js';
import {
  adStyles,
  adTypes,
  brands,
  countries,
  creatives,
  dsps,
  humanItems,
  languages,
  ledgerEntries,
  media,
  models,
  plans,
  slots,
  strategies,
  users,
  type SizeValue,
} from './schema.js';

/** Every demo account signs in with this password (README: demo data only). */
export const DEMO_PASSWORD = 'adloom123';

export interface DemoAccount {
  username: string;
  nickname: string;
  ability: number;
  /** The owner's username; null for the root administrator. */
  parent: string | null;
  /** Opening top-up in currency units. */
  topUp?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', nickname: 'Administrator', ability: ABILITY_ALL, parent: null },
  {
    username: 'agent',
    nickname: 'Agent',
    ability: abilityFromNames(['login', 'userAgent']),
    parent: 'admin',
  },
  {
    username: 'advertiser',
    nickname: 'Advertiser',
    ability: abilityFromNames(['login', 'adManage']),
    parent: 'admin',
    topUp: '10000.00',
  },
  {
    username: 'adv_alpha',
    nickname: 'Alpha Advertiser',
    ability: abilityFromNames(['login', 'adManage']),
    parent: 'agent',
    topUp: '5000.00',
  },
  {
    username: 'adv_beta',
    nickname: 'Beta Advertiser',
    ability: abilityFromNames(['login', 'adManage']),
    parent: 'agent',
    topUp: '2500.00',
  },
  {
    username: 'auditor',
    nickname: 'Auditor',
    ability: abilityFromNames(['login', 'examAdvanced']),
    parent: 'admin',
  },
  {
    username: 'operator',
    nickname: 'Operator',
    ability: abilityFromNames(['login', 'slot', 'ssp']),
    parent: 'admin',
  },
  {
    username: 'finance',
    nickname: 'Finance',
    ability: abilityFromNames(['login', 'charger']),
    parent: 'admin',
  },
];

/** Who tops up the demo advertisers. */
const TOP_UP_ACTOR = 'finance';

export const DEMO_LANGUAGES = [
  { name: 'English', code: 'en' },
  { name: 'Chinese', code: 'zh' },
  { name: 'French', code: 'fr' },
  { name: 'Spanish', code: 'es' },
  { name: 'German', code: 'de' },
  { name: 'Japanese', code: 'ja' },
  { name: 'Portuguese', code: 'pt' },
  { name: 'Arabic', code: 'ar' },
  { name: 'Hindi', code: 'hi' },
  { name: 'Indonesian', code: 'id' },
  { name: 'Russian', code: 'ru' },
  { name: 'Korean', code: 'ko' },
] as const;
type LanguageCode = (typeof DEMO_LANGUAGES)[number]['code'];

/** ISO 3166-1 alpha-2 codes; the first language is the main one. */
export const DEMO_COUNTRIES: readonly { name: string; code: string; langs: LanguageCode[] }[] = [
  { name: 'United States', code: 'US', langs: ['en', 'es'] },
  { name: 'United Kingdom', code: 'GB', langs: ['en'] },
  { name: 'Canada', code: 'CA', langs: ['en', 'fr'] },
  { name: 'China', code: 'CN', langs: ['zh'] },
  { name: 'France', code: 'FR', langs: ['fr'] },
  { name: 'Germany', code: 'DE', langs: ['de'] },
  { name: 'Spain', code: 'ES', langs: ['es'] },
  { name: 'Mexico', code: 'MX', langs: ['es'] },
  { name: 'Brazil', code: 'BR', langs: ['pt'] },
  { name: 'Japan', code: 'JP', langs: ['ja'] },
  { name: 'South Korea', code: 'KR', langs: ['ko'] },
  { name: 'India', code: 'IN', langs: ['hi', 'en'] },
  { name: 'Indonesia', code: 'ID', langs: ['id'] },
  { name: 'Saudi Arabia', code: 'SA', langs: ['ar'] },
  { name: 'Russia', code: 'RU', langs: ['ru'] },
];

const size = (width: number, height: number): SizeValue => ({ width, height });

/** One style per AdStyleType, with the sizes and limits common in mobile advertising. */
export const DEMO_STYLES: readonly (typeof adStyles.$inferInsert)[] = [
  {
    name: 'Text',
    type: AdStyleType.text,
    meta: ['title', 'description', 'actionText'],
    titleLength: 30,
    descriptionLength: 90,
  },
  {
    name: 'Image only',
    type: AdStyleType.imageOnly,
    imgSize: size(1200, 628),
    meta: ['image'],
    titleLength: 0,
    descriptionLength: 0,
  },
  {
    name: 'Small image',
    type: AdStyleType.smallImage,
    iconSize: size(120, 120),
    imgSize: size(480, 320),
    meta: ['title', 'description', 'icon', 'image'],
    titleLength: 25,
    descriptionLength: 80,
  },
  {
    name: 'Big image',
    type: AdStyleType.bigImage,
    iconSize: size(120, 120),
    imgSize: size(1200, 628),
    meta: ['title', 'description', 'icon', 'image', 'actionText'],
    titleLength: 30,
    descriptionLength: 90,
  },
  {
    name: 'Three images',
    type: AdStyleType.threeImages,
    img3Size: size(360, 240),
    meta: ['title', 'groupImages'],
    titleLength: 30,
    descriptionLength: 0,
  },
  {
    name: 'Video',
    type: AdStyleType.video,
    iconSize: size(120, 120),
    imgSize: size(1280, 720),
    videoSize: size(1280, 720),
    meta: ['title', 'description', 'icon', 'image', 'video', 'actionText'],
    titleLength: 30,
    descriptionLength: 90,
  },
];

/** One ad type per ad form but Unlimited. */
export const DEMO_AD_TYPES: readonly (typeof adTypes.$inferInsert)[] = [
  { name: 'Banner', adForm: AdForm.banner },
  { name: 'Interstitial', adForm: AdForm.interstitial },
  { name: 'Splash', adForm: AdForm.splash },
  { name: 'Feed', adForm: AdForm.feed },
  { name: 'Rewarded video', adForm: AdForm.rewardedVideo },
];

/** Brands with a few of their real model codes. */
export const DEMO_BRANDS: readonly {
  code: string;
  name: string;
  models: readonly { code: string; name: string }[];
}[] = [
  {
    code: 'huawei',
    name: 'Huawei',
    models: [
      { code: 'ELS-AN00', name: 'P40 Pro' },
      { code: 'NOH-AN00', name: 'Mate 40 Pro' },
      { code: 'ANA-AN00', name: 'P40' },
    ],
  },
  {
    code: 'xiaomi',
    name: 'Xiaomi',
    models: [
      { code: 'M2102K1C', name: 'Mi 11 Ultra' },
      { code: 'M2011K2C', name: 'Mi 11' },
      { code: '2201123C', name: 'Xiaomi 12' },
    ],
  },
  {
    code: 'samsung',
    name: 'Samsung',
    models: [
      { code: 'SM-G9910', name: 'Galaxy S21' },
      { code: 'SM-S9080', name: 'Galaxy S22 Ultra' },
      { code: 'SM-A5260', name: 'Galaxy A52 5G' },
      { code: 'SM-F9260', name: 'Galaxy Z Fold3' },
    ],
  },
  {
    code: 'apple',
    name: 'Apple',
    models: [
      { code: 'iPhone13,2', name: 'iPhone 12' },
      { code: 'iPhone14,5', name: 'iPhone 13' },
      { code: 'iPhone15,2', name: 'iPhone 14 Pro' },
    ],
  },
  {
    code: 'oppo',
    name: 'OPPO',
    models: [
      { code: 'PEGM00', name: 'Find X3' },
      { code: 'PFJM10', name: 'Reno6 Pro' },
    ],
  },
  {
    code: 'vivo',
    name: 'vivo',
    models: [
      { code: 'V2055A', name: 'X60 Pro' },
      { code: 'V2145A', name: 'X70 Pro+' },
    ],
  },
];

/** Audience characteristics: top-level items with their children. */
export const DEMO_HUMAN_ITEMS: readonly {
  code: string;
  name: string;
  children: readonly { code: string; name: string }[];
}[] = [
  {
    code: 'gender',
    name: 'Gender',
    children: [
      { code: 'man', name: Gender.label(Gender.man, 'en') },
      { code: 'woman', name: Gender.label(Gender.woman, 'en') },
    ],
  },
  {
    code: 'age',
    name: 'Age',
    children: [
      { code: 'age_18_24', name: '18-24' },
      { code: 'age_25_34', name: '25-34' },
      { code: 'age_35_44', name: '35-44' },
      { code: 'age_45_plus', name: '45+' },
    ],
  },
  {
    code: 'interests',
    name: 'Interests',
    children: [
      { code: 'games', name: 'Games' },
      { code: 'shopping', name: 'Shopping' },
      { code: 'travel', name: 'Travel' },
      { code: 'finance', name: 'Finance' },
    ],
  },
];

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
async function seedDemoAdvertising(tx: Database, ids: Map<string, number>): Promise<void> {
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

/** Who owns the demo media (slot and ssp roles). */
const DEMO_PUBLISHER = 'operator';

/**
 * A demo media of the operator with three slots (a banner, a feed of unlimited size and a
 * splash) supporting the seeded styles, so a fresh install has supply to look at.
 */
async function seedDemoSupply(tx: Database, ids: Map<string, number>): Promise<void> {
  const ownerId = ids.get(DEMO_PUBLISHER);
  if (ownerId === undefined) return;
  const styleRows = await tx.select({ id: adStyles.id, type: adStyles.type }).from(adStyles);
  const typeRows = await tx.select({ id: adTypes.id, adForm: adTypes.adForm }).from(adTypes);
  const stylesOf = (...types: number[]) =>
    styleRows.filter((style) => types.includes(style.type)).map((style) => style.id);
  const adTypeOf = (adForm: number) => typeRows.find((row) => row.adForm === adForm)?.id ?? null;
  const [news] = await tx
    .insert(media)
    .values({
      ownerId,
      name: 'Adloom News (demo)',
      os: Platform.android,
      bundle: 'com.adloom.news',
    })
    .returning({ id: media.id });
  if (!news) return;
  await tx.insert(slots).values([
    {
      mediaId: news.id,
      name: 'Home banner',
      lowestBid: toMicros('0.5'),
      styleIds: stylesOf(AdStyleType.text, AdStyleType.smallImage),
      adTypeId: adTypeOf(AdForm.banner),
      adForm: AdForm.banner,
      countries: ['US', 'GB', 'CA'],
      width: 320,
      height: 50,
      supplyType: SupplyType.sdk,
    },
    {
      mediaId: news.id,
      name: 'Article feed',
      lowestBid: toMicros('1'),
      styleIds: stylesOf(AdStyleType.text, AdStyleType.bigImage, AdStyleType.threeImages),
      adTypeId: adTypeOf(AdForm.feed),
      adForm: AdForm.feed,
      supplyType: SupplyType.sdk,
    },
    {
      mediaId: news.id,
      name: 'Launch splash',
      lowestBid: toMicros('2'),
      styleIds: stylesOf(AdStyleType.imageOnly, AdStyleType.video),
      adTypeId: adTypeOf(AdForm.splash),
      adForm: AdForm.splash,
      width: 1080,
      height: 1920,
      supplyType: SupplyType.rtbApi,
    },
  ]);
}

/**
 * Two demo demand partners (example.com-style URLs, so the test action shows what an
 * unreachable partner looks like): an OpenRTB bidder for every slot type and a rewarded
 * video partner.
 */
async function seedDemoDsps(tx: Database): Promise<void> {
  await tx.insert(dsps).values([
    {
      name: 'Example Exchange Bidder',
      type: DspType.rtb,
      slotType: AdForm.unlimited,
      timeoutMs: 300,
      requestUrl: 'https://bidder.example.com/openrtb2/auction',
      testUrl: 'https://bidder.example.com/openrtb2/test',
      cpm: toMicros('10'),
      percent: 1000,
      config: { seat: 'adloom-demo' },
    },
    {
      name: 'Example Rewarded Video DSP',
      type: DspType.rtb,
      slotType: AdForm.rewardedVideo,
      timeoutMs: 500,
      requestUrl: 'https://video-dsp.example.net/rtb/bid',
      cpm: toMicros('15'),
      percent: 900,
    },
  ]);
}

/** Serialises concurrent seeders (several processes starting on one PostgreSQL). */
const SEED_LOCK_KEY = 4_207_312;

/** Seeds the demo data into an empty database; answers false when users already exist. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return false;

    const ids = new Map<string, number>();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          username: account.username,
          passwordHash: passwordHashes[index] ?? '',
          nickname: account.nickname,
          ability: account.ability,
          parentId: account.parent === null ? null : (ids.get(account.parent) ?? null),
        })
        .returning({ id: users.id });
      if (row) ids.set(account.username, row.id);
    }

    const actorId = ids.get(TOP_UP_ACTOR) ?? null;
    const topUps = DEMO_ACCOUNTS.filter((account) => account.topUp !== undefined);
    for (const account of topUps) {
      const amount = toMicros(account.topUp ?? '0');
      await tx.insert(ledgerEntries).values({
        userId: ids.get(account.username) ?? 0,
        kind: LedgerKind.topUp,
        amount,
        balanceAfter: amount,
        note: 'Opening top-up (demo data)',
        actorId,
        actingUserId: actorId,
      });
    }

    const languageRows = await tx
      .insert(languages)
      .values([...DEMO_LANGUAGES])
      .returning({ id: languages.id, code: languages.code });
    const languageId = new Map(languageRows.map((row) => [row.code, row.id]));
    await tx.insert(countries).values(
      DEMO_COUNTRIES.map((country) => {
        const langIds = country.langs.map((code) => languageId.get(code) ?? 0);
        return { name: country.name, code: country.code, langId: langIds[0] ?? null, langIds };
      }),
    );
    await tx.insert(adStyles).values([...DEMO_STYLES]);
    await tx.insert(adTypes).values([...DEMO_AD_TYPES]);
    for (const brand of DEMO_BRANDS) {
      const [row] = await tx
        .insert(brands)
        .values({ code: brand.code, name: brand.name })
        .returning({ id: brands.id });
      if (row) await tx.insert(models).values(brand.models.map((m) => ({ ...m, brandId: row.id })));
    }
    for (const [index, item] of DEMO_HUMAN_ITEMS.entries()) {
      const [row] = await tx
        .insert(humanItems)
        .values({ code: item.code, name: item.name, sort: index + 1 })
        .returning({ id: humanItems.id });
      if (!row) continue;
      await tx.insert(humanItems).values(
        item.children.map((child, position) => ({
          ...child,
          parentId: row.id,
          sort: position + 1,
        })),
      );
    }
    await seedDemoAdvertising(tx, ids);
    await seedDemoDsps(tx);
    await seedDemoSupply(tx, ids);
    return true;
  });
}

/** The table printed on the start that seeded the demo accounts. */
export function formatDemoAccounts(): string {
  const rows = DEMO_ACCOUNTS.map((account) => [
    account.username,
    DEMO_PASSWORD,
    account.parent ?? '-',
    account.ability === ABILITY_ALL ? 'every role' : deriveRoles(account.ability).join(', '),
  ]);
  const header = ['username', 'password', 'owner', 'roles'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    'Demo accounts (demo data only: change or remove them before real use):',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}
