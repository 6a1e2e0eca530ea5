/**
 * The traffic model of the simulator: who asks for ads, from where, on what device, how
 * often they come back, what they render and click. Deterministic for a seed: the same seed
 * and slots give the same requests in the same order, and a request's render and click
 * dice are thrown when it is made, so outcomes never depend on the order answers arrive in.
 *
 * Shares (documented in docs/PERFORMANCE.md, "Simulated traffic"): Android 71 %, iOS 28 %,
 * WP 1 %; WIFI 45 %, 4G 35 %, 5G 12 %, 3G 6 %, 2G 2 %; countries by COUNTRY_WEIGHTS; 80 % of
 * users speak their country's main language; users come back by a Zipf-Mandelbrot law;
 * 90 % of fills are rendered; click rates 0.5-3 % fixed per creative and slot
 * (user-behaviour.ts: the render and click dice, the day's rhythm).
 */
import { Network, Platform, SERVE_AD_PARAMS, type ServeFacts } from '@adloom/domain';
import {
  ANDROID_BRAND_WEIGHTS,
  COUNTRY_WEIGHTS,
  IOS_BRAND,
  OTHER_BRAND_WEIGHT,
  OTHER_COUNTRY_WEIGHT,
  demoCatalog,
  type CatalogBrand,
  type CatalogCountry,
  type TrafficCatalog,
} from './catalog.js';
import {
  createRandom,
  hashUnit,
  randomHex,
  randomUuid,
  weightedPicker,
  zipfPicker,
  type Random,
  type WeightedPicker,
} from './random.js';

export const DEFAULT_USERS = 5_000;
/** Share of requests from the device's main-language speakers. */
const MAIN_LANGUAGE_SHARE = 0.8;
/** Share of users the media knows audience characteristics of. */
const AUDIENCE_KNOWN_SHARE = 0.4;
/** Tries at finding a returning user of the media's OS before making one up. */
const USER_TRIES = 40;

const OS_WEIGHTS = [
  [Platform.android, 71],
  [Platform.ios, 28],
  [Platform.wp, 1],
] as const;

const NETWORK_WEIGHTS = [
  [Network.wifi, 45],
  [Network.g4, 35],
  [Network.g5, 12],
  [Network.g3, 6],
  [Network.g2, 2],
] as const;

const OSV_WEIGHTS: Readonly<Record<number, readonly (readonly [string, number])[]>> = {
  [Platform.android]: [
    ['14', 30],
    ['13', 24],
    ['12', 17],
    ['11', 12],
    ['10', 9],
    ['9', 5],
    ['15', 3],
  ],
  [Platform.ios]: [
    ['17.5', 30],
    ['17.4', 14],
    ['16.7', 20],
    ['18.0', 12],
    ['16.6', 8],
    ['15.8', 11],
    ['14.8', 5],
  ],
  [Platform.wp]: [['10.0', 1]],
};

/** Android device ids: OAID where the maker supports it, IMEI (as its MD5) rarely. */
const OAID_SHARE = 0.7;
const IMEI_SHARE = 0.15;
/** iOS users who allow tracking (App Tracking Transparency). */
const IDFA_SHARE = 0.3;

/** App versions in use: the newest is the most common. */
const VERSION_WEIGHTS = [50, 25, 15, 10] as const;

/** What the simulator needs to know of a slot. */
export interface TrafficSlot {
  id: number;
  mediaId: number;
  /** Platform of the media's app; 0 = any. */
  mediaOs: number;
  /** The app's package; empty makes one up from the media id. */
  mediaBundle: string;
  /** Relative share of the traffic; default: a fixed 0.5-1.5 by slot id. */
  weight?: number;
}

export interface TrafficOptions {
  seed: number;
  slots: readonly TrafficSlot[];
  catalog?: TrafficCatalog;
  /** Distinct users that come back (default 5,000). */
  users?: number;
}

/** A person and their device, the same on every visit. */
export interface SimulatedUser {
  index: number;
  uid: string;
  os: number;
  osv: string;
  brand: string;
  model: string;
  country: string;
  lang: string;
  /** 0 = the newest app version. */
  versionRank: number;
  oaid: string;
  imei: string;
  idfa: string;
  /** Comma-separated `parent/child` codes; '' when the media knows nothing. */
  audience: string;
}

export interface SimulatedRequest {
  /** 0, 1, 2… in the order the model made them. */
  seq: number;
  slot: TrafficSlot;
  user: SimulatedUser;
  /** The /serve/ad query, in the domain's terms. */
  facts: ServeFacts;
  /** Uniform dice thrown at generation: see rendersAd and clicksAd. */
  renderRoll: number;
  clickRoll: number;
}

export interface TrafficModel {
  next(): SimulatedRequest;
  /** The user of a population index (made on first use, the same ever after). */
  user(index: number): SimulatedUser;
}

/** The app versions of a media's app, newest first: four releases of one line. */
export function appVersions(bundle: string): readonly string[] {
  const major = 1 + Math.floor(hashUnit('major', bundle) * 6);
  const minor = 2 + Math.floor(hashUnit('minor', bundle) * 7);
  return VERSION_WEIGHTS.map((_, rank) => {
    const patch = Math.floor(hashUnit('patch', bundle, rank) * 9);
    return `${major}.${Math.max(minor - rank, 0)}.${patch}`;
  });
}

/** The /serve/ad query string of a request, parameters in the order the domain lists them. */
export function serveQuery(facts: ServeFacts): URLSearchParams {
  const values = facts as Record<string, unknown>;
  const query = new URLSearchParams();
  for (const param of SERVE_AD_PARAMS) {
    const value = values[param.name];
    if (value !== undefined && value !== '') query.set(param.name, String(value));
  }
  return query;
}

function picker<T>(
  entries: readonly (readonly [T, number])[] | undefined,
  fallback: T,
): WeightedPicker<T> {
  return entries && entries.length > 0 ? weightedPicker(entries) : weightedPicker([[fallback, 1]]);
}

/** Samplers built once from the catalog. */
interface World {
  countries: WeightedPicker<CatalogCountry>;
  androidBrands: WeightedPicker<CatalogBrand>;
  iosBrand: CatalogBrand;
  os: WeightedPicker<number>;
  osv: ReadonlyMap<number, WeightedPicker<string>>;
  network: WeightedPicker<number>;
  versions: WeightedPicker<number>;
  /** Audience children grouped by their parent. */
  audience: readonly (readonly string[])[];
}

function buildWorld(catalog: TrafficCatalog): World {
  const androidBrands = catalog.brands.filter((brand) => brand.code !== IOS_BRAND);
  const iosBrand = catalog.brands.find((brand) => brand.code === IOS_BRAND) ?? {
    code: IOS_BRAND,
    models: ['iPhone14,5'],
  };
  const byParent = new Map<string, string[]>();
  for (const value of catalog.audience) {
    const parent = value.split('/')[0] ?? value;
    byParent.set(parent, [...(byParent.get(parent) ?? []), value]);
  }
  return {
    countries: weightedPicker(
      catalog.countries.map(
        (country) => [country, COUNTRY_WEIGHTS[country.code] ?? OTHER_COUNTRY_WEIGHT] as const,
      ),
    ),
    androidBrands: picker(
      androidBrands.map(
        (brand) => [brand, ANDROID_BRAND_WEIGHTS[brand.code] ?? OTHER_BRAND_WEIGHT] as const,
      ),
      { code: '', models: [] },
    ),
    iosBrand,
    os: weightedPicker(OS_WEIGHTS),
    osv: new Map(
      Object.entries(OSV_WEIGHTS).map(([os, weights]) => [Number(os), weightedPicker(weights)]),
    ),
    network: weightedPicker(NETWORK_WEIGHTS),
    versions: weightedPicker(VERSION_WEIGHTS.map((weight, rank) => [rank, weight] as const)),
    audience: [...byParent.values()],
  };
}

function pickFrom<T>(random: Random, items: readonly T[], fallback: T): T {
  return items.length === 0 ? fallback : (items[Math.floor(random() * items.length)] ?? fallback);
}

/** The language a user of the country speaks: the main one mostly, another sometimes. */
function languageOf(random: Random, country: CatalogCountry): string {
  const [main = 'en', ...others] = country.languages;
  if (others.length === 0 || random() < MAIN_LANGUAGE_SHARE) return main;
  return pickFrom(random, others, main);
}

function audienceOf(random: Random, world: World): string {
  if (random() >= AUDIENCE_KNOWN_SHARE) return '';
  return world.audience
    .filter(() => random() < 0.6)
    .map((children) => pickFrom(random, children, ''))
    .filter(Boolean)
    .join(',');
}

/** A device of the OS for the user's other facts (a fresh generator makes it reproducible). */
function deviceOf(random: Random, world: World, os: number) {
  const android = os === Platform.android;
  // Windows phones carry no brand of the settings.
  const chosen = android
    ? world.androidBrands.pick(random)
    : os === Platform.ios
      ? world.iosBrand
      : null;
  return {
    os,
    osv: world.osv.get(os)?.pick(random) ?? '',
    brand: chosen?.code ?? '',
    model: chosen ? pickFrom(random, chosen.models, '') : '',
    oaid: android && random() < OAID_SHARE ? randomUuid(random) : '',
    imei: android && random() < IMEI_SHARE ? randomHex(random, 32) : '',
    idfa: os === Platform.ios && random() < IDFA_SHARE ? randomUuid(random).toUpperCase() : '',
  };
}

export function createTrafficModel(options: TrafficOptions): TrafficModel {
  if (options.slots.length === 0) throw new Error('The traffic model needs at least one slot');
  const seed = options.seed >>> 0;
  const world = buildWorld(options.catalog ?? demoCatalog());
  const population = Math.max(1, options.users ?? DEFAULT_USERS);
  const ranks = zipfPicker(population);
  const slots = weightedPicker(
    options.slots.map(
      (slot) => [slot, slot.weight ?? 0.5 + hashUnit('slot', seed, slot.id)] as const,
    ),
  );
  const random = createRandom(seed);
  const users = new Map<number, SimulatedUser>();
  /** Users met on a media of another OS, remade for it (keyed `index:os`). */
  const remade = new Map<string, SimulatedUser>();
  let seq = 0;

  function user(index: number): SimulatedUser {
    const known = users.get(index);
    if (known) return known;
    const own = createRandom(Math.floor(hashUnit('user', seed, index) * 4_294_967_296));
    const country = world.countries.pick(own);
    const made: SimulatedUser = {
      index,
      uid: `sim-${seed.toString(36)}-${index.toString(36)}`,
      country: country.code,
      lang: languageOf(own, country),
      versionRank: world.versions.pick(own),
      audience: audienceOf(own, world),
      ...deviceOf(own, world, world.os.pick(own)),
    };
    users.set(index, made);
    return made;
  }

  /** A returning user whose phone runs the media's OS (any user when the media says none). */
  function visitor(mediaOs: number): SimulatedUser {
    let candidate = user(ranks.pick(random));
    for (let tries = 1; mediaOs !== Platform.all && candidate.os !== mediaOs; tries += 1) {
      if (tries >= USER_TRIES) {
        const key = `${candidate.index}:${mediaOs}`;
        const base = candidate;
        const own = createRandom(Math.floor(hashUnit('device', seed, key) * 4_294_967_296));
        candidate = remade.get(key) ?? { ...base, ...deviceOf(own, world, mediaOs) };
        remade.set(key, candidate);
        break;
      }
      candidate = user(ranks.pick(random));
    }
    return candidate;
  }

  function next(): SimulatedRequest {
    const slot = slots.pick(random);
    const visitorUser = visitor(slot.mediaOs);
    const bundle = slot.mediaBundle || `com.example.media${slot.mediaId}`;
    const version = appVersions(bundle)[visitorUser.versionRank] ?? '1.0.0';
    const facts: ServeFacts = {
      slot_id: slot.id,
      os: visitorUser.os,
      osv: visitorUser.osv || undefined,
      network: world.network.pick(random),
      country: visitorUser.country,
      brand: visitorUser.brand || undefined,
      model: visitorUser.model || undefined,
      app: bundle,
      app_version: version,
      uid: visitorUser.uid,
      oaid: visitorUser.oaid || undefined,
      imei: visitorUser.imei || undefined,
      idfa: visitorUser.idfa || undefined,
      lang: visitorUser.lang,
      audience: visitorUser.audience || undefined,
    };
    return {
      seq: seq++,
      slot,
      user: visitorUser,
      facts,
      renderRoll: random(),
      clickRoll: random(),
    };
  }

  return { next, user };
}
