/**
 * Tracking tokens: everything an impression, click or notice needs to be counted and billed,
 * carried in its URL and signed (HMAC-SHA256, truncated to 128 bits) so that serving keeps
 * no per-ad state. A token is `<payload>.<mac>`, both base64url; the payload is a JSON array
 * (compact). A token whose MAC does not verify, or that has expired, counts nothing; replays
 * of a valid one are caught by its id at the accounting flush (delivery_events).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const FORMAT = 1;
const MAC_BYTES = 16;

export interface TrackingClaims {
  /** Random id of the served ad: the impression id. */
  id: string;
  /** Expiry, epoch seconds. */
  exp: number;
  advertiserId: number;
  planId: number;
  strategyId: number;
  creativeId: number;
  mediaId: number;
  slotId: number;
  dspId: number;
  country: string;
  os: number;
  appVersion: string;
  /** Billing of the plan (1 CPT, 2 CPM, 3 CPC); 0 for an upstream partner's ad. */
  billing: number;
  /** The clearing price, micros per mille. */
  price: number;
  /** CPC only: what a click costs, micros. */
  clickPrice: number;
  /** The supply side's income per impression, micros per mille. */
  incomeCpm: number;
  uid: string;
  /** Where the ad was bought: own-DSP sales to exchanges bill on the billing notice. */
  channel: 'sdk' | 'openrtb' | 'dsp';
  /** OpenRTB test traffic: never counted. */
  test: boolean;
}

type Wire = [
  typeof FORMAT,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  number,
  string,
  number,
  number,
  number,
  number,
  string,
  string,
  0 | 1,
];

// Random bytes drawn in blocks: one system call per 341 ids, not one per served ad.
const ID_BYTES = 12;
let pool = Buffer.alloc(0);
let offset = 0;

export function newTokenId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * 341);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}

export class TokenSigner {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    this.key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES);
  }

  sign(claims: TrackingClaims): string {
    const wire: Wire = [
      FORMAT,
      claims.id,
      claims.exp,
      claims.advertiserId,
      claims.planId,
      claims.strategyId,
      claims.creativeId,
      claims.mediaId,
      claims.slotId,
      claims.dspId,
      claims.country,
      claims.os,
      claims.appVersion,
      claims.billing,
      claims.price,
      claims.clickPrice,
      claims.incomeCpm,
      claims.uid,
      claims.channel,
      claims.test ? 1 : 0,
    ];
    const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The claims of a genuine, unexpired token; undefined for anything else. */
  verify(token: string, nowSeconds: number): TrackingClaims | undefined {
    const claims = this.open(token);
    return claims && claims.exp >= nowSeconds ? claims : undefined;
  }

  /**
   * The claims of a genuine token, expired or not: an old ad's click still reaches the
   * landing page, it just counts nothing.
   */
  open(token: string): TrackingClaims | undefined {
    if (typeof token !== 'string' || token.length > 2048) return undefined;
    const dot = token.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let wire: unknown;
    try {
      wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(wire) || wire[0] !== FORMAT || wire.length !== 20) return undefined;
    const [, id, exp, ...rest] = wire as Wire;
    const [
      advertiserId,
      planId,
      strategyId,
      creativeId,
      mediaId,
      slotId,
      dspId,
      country,
      os,
      appVersion,
      billing,
      price,
      clickPrice,
      incomeCpm,
      uid,
      channel,
      test,
    ] = rest;
    return {
      id,
      exp,
      advertiserId,
      planId,
      strategyId,
      creativeId,
      mediaId,
      slotId,
      dspId,
      country,
      os,
      appVersion,
      billing,
      price,
      clickPrice,
      incomeCpm,
      uid,
      channel: channel as TrackingClaims['channel'],
      test: test === 1,
    };
  }
}
