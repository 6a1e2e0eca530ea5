import { Network, Platform } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { COUNTRY_WEIGHTS, IOS_BRAND, OTHER_COUNTRY_WEIGHT, demoCatalog } from './catalog.js';
import { createRandom } from './random.js';
import {
  DEFAULT_USERS,
  appVersions,
  createTrafficModel,
  serveQuery,
  type SimulatedRequest,
  type TrafficSlot,
} from './traffic.js';
import {
  MAX_CTR,
  MIN_CTR,
  RENDER_RATE,
  clickRate,
  clicksAd,
  diurnalTimes,
  hourWeight,
  rendersAd,
} from './user-behaviour.js';

const ANY_OS_SLOT: TrafficSlot = {
  id: 11,
  mediaId: 3,
  mediaOs: Platform.all,
  mediaBundle: 'com.a',
};
const ANDROID_SLOT: TrafficSlot = {
  id: 12,
  mediaId: 4,
  mediaOs: Platform.android,
  mediaBundle: 'com.b',
};
const IOS_SLOT: TrafficSlot = { id: 13, mediaId: 5, mediaOs: Platform.ios, mediaBundle: 'com.c' };

function take(count: number, seed: number, slots: TrafficSlot[] = [ANY_OS_SLOT]) {
  const model = createTrafficModel({ seed, slots });
  return Array.from({ length: count }, () => model.next());
}

function share<T>(items: readonly T[], test: (item: T) => boolean): number {
  return items.filter(test).length / items.length;
}

const everyUser = () => {
  const model = createTrafficModel({ seed: 7, slots: [ANY_OS_SLOT] });
  return Array.from({ length: DEFAULT_USERS }, (_, index) => model.user(index));
};

describe('traffic model: determinism', () => {
  it('makes the same requests in the same order for the same seed', () => {
    const first = take(500, 42, [ANY_OS_SLOT, ANDROID_SLOT, IOS_SLOT]);
    const second = take(500, 42, [ANY_OS_SLOT, ANDROID_SLOT, IOS_SLOT]);
    expect(second).toEqual(first);
  });

  it('makes other requests for another seed', () => {
    const uids = (requests: SimulatedRequest[]) => requests.map((request) => request.facts.uid);
    expect(uids(take(200, 2))).not.toEqual(uids(take(200, 3)));
  });

  it('keeps a user the same person on every visit', () => {
    const requests = take(3_000, 5);
    const byUid = new Map<string, SimulatedRequest['facts']>();
    for (const { facts } of requests) {
      const seen = byUid.get(facts.uid ?? '');
      if (seen) {
        expect([facts.country, facts.os, facts.model, facts.oaid, facts.app_version]).toEqual([
          seen.country,
          seen.os,
          seen.model,
          seen.oaid,
          seen.app_version,
        ]);
      }
      byUid.set(facts.uid ?? '', facts);
    }
  });
});

describe('traffic model: distributions', () => {
  it('gives users Android ~71 %, iOS ~28 %, WP rarely', () => {
    const users = everyUser();
    expect(share(users, (user) => user.os === Platform.android)).toBeCloseTo(0.71, 1);
    expect(share(users, (user) => user.os === Platform.ios)).toBeCloseTo(0.28, 1);
    const wp = share(users, (user) => user.os === Platform.wp);
    expect(wp).toBeGreaterThan(0);
    expect(wp).toBeLessThan(0.03);
  });

  it('weights countries as the table says', () => {
    const users = everyUser();
    const catalog = demoCatalog();
    const total = catalog.countries.reduce(
      (sum, country) => sum + (COUNTRY_WEIGHTS[country.code] ?? OTHER_COUNTRY_WEIGHT),
      0,
    );
    for (const code of ['US', 'IN', 'GB', 'FR']) {
      const expected = (COUNTRY_WEIGHTS[code] ?? 0) / total;
      expect(Math.abs(share(users, (user) => user.country === code) - expected)).toBeLessThan(0.02);
    }
  });

  it("speaks the country's languages, the main one mostly", () => {
    const users = everyUser();
    const canadians = users.filter((user) => user.country === 'CA');
    expect(canadians.every((user) => ['en', 'fr'].includes(user.lang))).toBe(true);
    expect(share(canadians, (user) => user.lang === 'en')).toBeGreaterThan(0.7);
    expect(share(canadians, (user) => user.lang === 'fr')).toBeGreaterThan(0.05);
    expect(users.filter((user) => user.country === 'JP').every((user) => user.lang === 'ja')).toBe(
      true,
    );
  });

  it('gives phones the ids and brands of their OS, some ids missing', () => {
    const users = everyUser();
    const android = users.filter((user) => user.os === Platform.android);
    const ios = users.filter((user) => user.os === Platform.ios);
    expect(android.every((user) => user.brand !== IOS_BRAND && user.brand !== '')).toBe(true);
    expect(android.every((user) => user.idfa === '')).toBe(true);
    expect(share(android, (user) => user.oaid !== '')).toBeCloseTo(0.7, 1);
    expect(share(android, (user) => user.imei !== '')).toBeCloseTo(0.15, 1);
    expect(ios.every((user) => user.brand === IOS_BRAND && user.oaid === '')).toBe(true);
    expect(share(ios, (user) => user.idfa !== '')).toBeCloseTo(0.3, 1);
    expect(
      android.every((user) => ['9', '10', '11', '12', '13', '14', '15'].includes(user.osv)),
    ).toBe(true);
    // Models are the brand's own.
    const catalog = demoCatalog();
    for (const user of users.slice(0, 300)) {
      const brand = catalog.brands.find((candidate) => candidate.code === user.brand);
      if (brand) expect(brand.models).toContain(user.model);
    }
  });

  it('spreads networks WIFI 45 %, 4G 35 %, 5G 12 %, 3G 6 %, 2G 2 %', () => {
    const requests = take(20_000, 9);
    const of = (network: number) => share(requests, (request) => request.facts.network === network);
    expect(Math.abs(of(Network.wifi) - 0.45)).toBeLessThan(0.02);
    expect(Math.abs(of(Network.g4) - 0.35)).toBeLessThan(0.02);
    expect(Math.abs(of(Network.g5) - 0.12)).toBeLessThan(0.015);
    expect(Math.abs(of(Network.g3) - 0.06)).toBeLessThan(0.01);
    expect(Math.abs(of(Network.g2) - 0.02)).toBeLessThan(0.01);
  });

  it("serves the media's app with its newest version most often", () => {
    const requests = take(5_000, 10);
    const versions = appVersions('com.a');
    expect(new Set(versions).size).toBe(4);
    expect(requests.every((request) => request.facts.app === 'com.a')).toBe(true);
    const counts = versions.map(
      (version) => requests.filter((request) => request.facts.app_version === version).length,
    );
    expect(counts[0]).toBeGreaterThan(counts[1] ?? Infinity);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(requests.length);
  });

  it("sends only users on the media's OS to an app of one OS", () => {
    const requests = take(2_000, 11, [ANDROID_SLOT, IOS_SLOT]);
    for (const request of requests) {
      expect(request.facts.os).toBe(request.slot.mediaOs);
      if (request.facts.os === Platform.ios) expect(request.facts.brand).toBe(IOS_BRAND);
    }
    expect(share(requests, (request) => request.slot.id === IOS_SLOT.id)).toBeGreaterThan(0.2);
  });

  it('renders about 90 % of fills and clicks at 0.5-3 % fixed per creative and slot', () => {
    const requests = take(20_000, 12);
    expect(Math.abs(share(requests, rendersAd) - RENDER_RATE)).toBeLessThan(0.01);
    const rate = clickRate(7, ANY_OS_SLOT.id);
    expect(rate).toBeGreaterThanOrEqual(MIN_CTR);
    expect(rate).toBeLessThanOrEqual(MAX_CTR);
    expect(clickRate(7, ANY_OS_SLOT.id)).toBe(rate);
    const rates = Array.from({ length: 200 }, (_, creative) => clickRate(creative, 1));
    expect(Math.min(...rates)).toBeLessThan(0.01);
    expect(Math.max(...rates)).toBeGreaterThan(0.025);
    const clicked = requests.filter((request) => clicksAd(request, 7));
    expect(clicked.every(rendersAd)).toBe(true);
    expect(Math.abs(clicked.length / requests.length - rate * RENDER_RATE)).toBeLessThan(0.004);
  });
});

describe('traffic model: repeat visits', () => {
  it('brings a few users back often and most rarely (frequency caps matter)', () => {
    const requests = take(10_000, 13);
    const visits = new Map<string, number>();
    for (const { facts } of requests)
      visits.set(facts.uid ?? '', (visits.get(facts.uid ?? '') ?? 0) + 1);
    const counts = [...visits.values()].sort((a, b) => b - a);
    expect(counts.length).toBeGreaterThan(2_000);
    expect(counts.length).toBeLessThanOrEqual(DEFAULT_USERS);
    expect(counts[0]).toBeGreaterThan(60);
    const top = counts.slice(0, Math.ceil(counts.length / 10)).reduce((sum, n) => sum + n, 0);
    expect(top / requests.length).toBeGreaterThan(0.3);
    expect(counts.filter((count) => count === 1).length).toBeGreaterThan(counts.length / 4);
  });
});

describe('diurnal times', () => {
  it('is quiet at night UTC and busy in the afternoon', () => {
    expect(hourWeight(4)).toBeCloseTo(0.3);
    expect(hourWeight(16)).toBeCloseTo(1);
    const day = Date.UTC(2026, 0, 5);
    const times = diurnalTimes(createRandom(1), day, day + 86_400_000, 20_000);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const inHour = (hour: number) =>
      times.filter((at) => new Date(at).getUTCHours() === hour).length;
    expect(inHour(16)).toBeGreaterThan(inHour(4) * 2.5);
    expect(times[0]).toBeGreaterThanOrEqual(day);
    expect(times.at(-1)).toBeLessThan(day + 86_400_000);
  });

  it('stays within a partial range', () => {
    const start = Date.UTC(2026, 0, 5, 10, 30);
    const end = Date.UTC(2026, 0, 5, 12, 15);
    const times = diurnalTimes(createRandom(2), start, end, 500);
    expect(times).toHaveLength(500);
    expect(times.every((at) => at >= start && at < end)).toBe(true);
    expect(diurnalTimes(createRandom(2), end, start, 10)).toEqual([]);
  });
});

describe('serveQuery', () => {
  it('writes the /serve/ad parameters in the domain order, without empty ones', () => {
    const query = serveQuery({ slot_id: 3, os: 1, uid: 'u1', country: 'US', oaid: undefined });
    expect(query.toString()).toBe('slot_id=3&os=1&country=US&uid=u1');
  });
});
