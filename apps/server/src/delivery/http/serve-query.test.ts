import { ZServeFacts } from '@adloom/domain';
import fastQuerystring from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { createTrafficModel, serveQuery } from '../simulate/traffic.js';
import { parseServeQuery, readServeQuery } from './serve-query.js';

/** A query string as Fastify hands it to the route. */
const queryOf = (text: string) => fastQuerystring.parse(text) as Record<string, unknown>;

/** The fast reading either steps aside or agrees with ZServeFacts exactly. */
function expectAgreement(query: Record<string, unknown>) {
  const fast = readServeQuery(query);
  const reference = ZServeFacts.safeParse(query);
  if (fast === null) return 'deferred';
  expect(reference.success, JSON.stringify(query)).toBe(true);
  expect(fast).toEqual(reference.data);
  return 'read';
}

const EDGE_CASES = [
  'slot_id=4&os=1',
  'slot_id=4&os=0&country=us&lang=en',
  'slot_id=4&os=2&network=&country=&brand=',
  'slot_id=4&os=1&brand=%20Samsung%20&model=%09SM-S9080',
  'slot_id=4&os=1&osv=%20%20',
  'slot_id=04&os=1',
  'slot_id=%204&os=1',
  'slot_id=0&os=1',
  'slot_id=-3&os=1',
  'slot_id=4.5&os=1',
  'slot_id=abc&os=1',
  'slot_id=4',
  'slot_id=4&os=',
  'slot_id=4&os=4',
  'slot_id=4&os=1.0',
  'slot_id=4&os=1&network=-1',
  'slot_id=4&os=1&network=1.5',
  'slot_id=4&os=1&network=07',
  'slot_id=4&os=1&country=USA',
  'slot_id=4&os=1&country=U1',
  'slot_id=4&os=1&slot_id=5',
  'slot_id=4&os=1&uid=a&uid=b',
  `slot_id=4&os=1&uid=${'u'.repeat(128)}`,
  `slot_id=4&os=1&uid=${'u'.repeat(129)}`,
  `slot_id=4&os=1&uid=%20${'u'.repeat(128)}%20`,
  `slot_id=4&os=1&audience=${'a,'.repeat(500)}`,
  'slot_id=4&os=1&audience=gender%2Fwoman%2Cage%2Fage_25_34&unknown=1',
  'slot_id=4&os=1&lang=%E4%B8%AD%E6%96%87&brand=%E5%8D%8E%E4%B8%BA',
];

describe('reading the /serve/ad query without zod', () => {
  it('agrees with ZServeFacts on simulated traffic, reading every request itself', () => {
    const model = createTrafficModel({
      seed: 7,
      slots: [
        { id: 4, mediaId: 1, mediaOs: 1, mediaBundle: 'com.example.news' },
        { id: 9, mediaId: 2, mediaOs: 2, mediaBundle: 'com.example.game' },
      ],
    });
    for (let index = 0; index < 2_000; index += 1) {
      const query = queryOf(serveQuery(model.next().facts).toString());
      expect(expectAgreement(query)).toBe('read');
    }
  });

  it('agrees on odd queries, leaving to ZServeFacts whatever it is not sure of', () => {
    const outcomes = EDGE_CASES.map((text) => expectAgreement(queryOf(text)));
    expect(outcomes.filter((outcome) => outcome === 'read').length).toBeGreaterThan(5);
    expect(outcomes.filter((outcome) => outcome === 'deferred').length).toBeGreaterThan(10);
  });

  it('names the invalid fields as ZServeFacts does', () => {
    const parsed = parseServeQuery(queryOf('slot_id=0&os=9&country=USA'));
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.issues.map((issue) => issue.path).sort()).toEqual(['country', 'os', 'slot_id']);
    }
    // Text the database cannot store never becomes a report key (issue 19).
    const hostileQueries = [
      queryOf('slot_id=4&os=1&app_version=1%00'),
      { slot_id: '4', os: '1', brand: '\uD800' },
    ];
    for (const query of hostileQueries) {
      expect(readServeQuery(query)).toBeNull();
      expect(parseServeQuery(query).success).toBe(false);
    }
    // Ids are strict everywhere (issue 19): " 4" is not slot 4.
    expect(parseServeQuery(queryOf('slot_id=%204&os=1'))).toEqual({
      success: false,
      issues: [expect.objectContaining({ path: 'slot_id' })],
    });
  });
});
