/**
 * The demo's platform settings: languages, countries, the six creative styles, ad types,
 * brands with models and audience characteristics.
 */
import { AdForm, AdStyleType, Gender } from '@adloom/domain';
import type { Database } from '../client.js';
import {
  adStyles,
  adTypes,
  brands,
  countries,
  humanItems,
  languages,
  models,
  type SizeValue,
} from '../schema.js';

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

/** Inserts every setting above. */
export async function seedSettings(tx: Database): Promise<void> {
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
}
