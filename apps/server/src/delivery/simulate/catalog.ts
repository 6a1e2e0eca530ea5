/**
 * What simulated devices are made of: the countries with their languages, the brands with
 * their models, the audience codes a media may know. The simulator reads them from the
 * install's settings (the console API for `npm run simulate`, the database for the demo
 * backfill) and falls back to the demo settings of db/seed.ts.
 */
import { DEMO_BRANDS, DEMO_COUNTRIES, DEMO_HUMAN_ITEMS } from '../../db/seed.js';

export interface CatalogCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** Language codes spoken there, the main one first. */
  languages: readonly string[];
}

export interface CatalogBrand {
  code: string;
  models: readonly string[];
}

export interface TrafficCatalog {
  countries: readonly CatalogCountry[];
  brands: readonly CatalogBrand[];
  /** Audience values as requests carry them: `parent/child`. */
  audience: readonly string[];
}

/**
 * Share of mobile ad requests by country, roughly as a global network sees them (large
 * Android markets weigh more than their spend). A country the table does not name weighs 1.
 */
export const COUNTRY_WEIGHTS: Readonly<Record<string, number>> = {
  US: 22,
  IN: 14,
  BR: 8,
  CN: 8,
  GB: 6,
  DE: 5,
  FR: 5,
  ID: 5,
  JP: 4,
  MX: 4,
  CA: 3,
  RU: 3,
  ES: 3,
  KR: 2,
  SA: 2,
};
export const OTHER_COUNTRY_WEIGHT = 1;

/** Android makers by share; a brand the table does not name weighs 3. */
export const ANDROID_BRAND_WEIGHTS: Readonly<Record<string, number>> = {
  samsung: 32,
  xiaomi: 22,
  huawei: 12,
  oppo: 12,
  vivo: 12,
};
export const OTHER_BRAND_WEIGHT = 3;
/** The brand code of iPhones: iOS devices take it, Android devices never do. */
export const IOS_BRAND = 'apple';

/** The demo settings as a catalog (the seed's countries, brands and audience items). */
export function demoCatalog(): TrafficCatalog {
  return {
    countries: DEMO_COUNTRIES.map((country) => ({
      code: country.code,
      languages: [...country.langs],
    })),
    brands: DEMO_BRANDS.map((brand) => ({
      code: brand.code,
      models: brand.models.map((model) => model.code),
    })),
    audience: DEMO_HUMAN_ITEMS.flatMap((item) =>
      item.children.map((child) => `${item.code}/${child.code}`),
    ),
  };
}

/** A catalog with every empty part filled from the demo one. */
export function completeCatalog(partial: Partial<TrafficCatalog>): TrafficCatalog {
  const demo = demoCatalog();
  const countries = (partial.countries ?? []).filter((country) => /^[A-Z]{2}$/.test(country.code));
  const brands = (partial.brands ?? []).filter((brand) => brand.code !== '');
  return {
    countries: countries.length > 0 ? countries : demo.countries,
    brands: brands.length > 0 ? brands : demo.brands,
    audience: partial.audience && partial.audience.length > 0 ? partial.audience : demo.audience,
  };
}
