/**
 * Every targeting key reads the request: an include rule on the value the request carries
 * matches, one on another value does not, and exclude is the reverse. A key that reads
 * nothing would fail every include rule — the bug an open `default` used to hide.
 */
import { OrientationKey, type OrientationKeyValue } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { serveRequest } from './decision/test-kit.js';
import { compileRules, firstFailingRule } from './rules.js';

const request = serveRequest({
  slotId: 10,
  country: 'US',
  os: 1,
  network: 1,
  uid: 'user-1',
  appVersion: '1.0.0',
  oaid: '1234567890abcdef',
  imei: '123456789012345',
  idfa: '6d92078a-8246-4ba4-ae5b-76104861e7dc',
  brand: 'samsung',
  model: 'sm-g991b',
  app: 'com.example.news',
  osv: '14',
  audience: ['gender/female'],
  domain: 'news.example.com',
  deviceType: 4,
});

/** The value the request above carries on each key, as a rule would list it. */
const CARRIED: Record<OrientationKeyValue, string> = {
  slot: '10',
  country: 'US',
  os: '1',
  network: '1',
  uid: 'user-1',
  appVersion: '1.0.0',
  oaid: '1234567890abcdef',
  imei: '123456789012345',
  idfa: '6d92078a-8246-4ba4-ae5b-76104861e7dc',
  brand: 'samsung',
  model: 'sm-g991b',
  pkg: 'com.example.news',
  osv: '14',
  audience: 'gender/female',
  siteDomain: 'news.example.com',
  deviceType: '4',
};

const fails = (key: string, mode: string, values: string[]) =>
  firstFailingRule(compileRules([{ key, mode, values }]), request) !== undefined;

describe('targeting rules on every key', () => {
  it.each(OrientationKey.values)('%s: include matches the carried value only', (key) => {
    expect(fails(key, 'include', [CARRIED[key]])).toBe(false);
    expect(fails(key, 'include', ['9999'])).toBe(true);
  });

  it.each(OrientationKey.values)('%s: exclude refuses the carried value only', (key) => {
    expect(fails(key, 'exclude', [CARRIED[key]])).toBe(true);
    expect(fails(key, 'exclude', ['9999'])).toBe(false);
  });

  it('lets a stored key it does not know fail include and pass exclude', () => {
    expect(fails('retired', 'include', ['x'])).toBe(true);
    expect(fails('retired', 'exclude', ['x'])).toBe(false);
  });
});
