/**
 * Tracking tokens: everything an impression, click or notice needs to be counted and billed,
 * carried in its URL and signed (HMAC-SHA256, truncated to 128 bits) so that serving keeps
 * no per-ad state. A token is `<payload>.<mac>`, both base64url; the payload is a JSON array
 * (compact). A token whose MAC does not verify, or that has expired, counts nothing; replays
 * of a valid one are caught by its id at the accounting flush (delivery_events).
 */
import { createHash, createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

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

const SHA256_BLOCK = 64;
const SHA256_BYTES = 32;
/** Longer payloads than this are refused by `open` (and never made by `sign`). */
const MAX_TOKEN_CHARS = 2048;

/**
 * HMAC-SHA256 (RFC 2104) over the token's base64url payload, computed with two one-shot
 * hashes over buffers keyed once: the same MAC as `createHmac`, without its per-call object
 * (a served ad signs one token; this halves that cost). Not re-entrant, and need not be: a
 * MAC is computed synchronously.
 */
class PayloadMac {
  private readonly inner: Buffer;
  private readonly outer: Buffer;

  constructor(private readonly secret: Buffer) {
    const key = Buffer.alloc(SHA256_BLOCK);
    (secret.length > SHA256_BLOCK ? createHash('sha256').update(secret).digest() : secret).copy(
      key,
    );
    this.inner = Buffer.alloc(SHA256_BLOCK + MAX_TOKEN_CHARS);
    this.outer = Buffer.alloc(SHA256_BLOCK + SHA256_BYTES);
    for (let i = 0; i < SHA256_BLOCK; i += 1) {
      this.inner[i] = (key[i] ?? 0) ^ 0x36;
      this.outer[i] = (key[i] ?? 0) ^ 0x5c;
    }
  }

  /** The MAC truncated to MAC_BYTES, base64url; `payload` is base64url (ASCII) text. */
  of(payload: string): string {
    if (payload.length > MAX_TOKEN_CHARS) {
      // Longer than the keyed buffer (never for tokens `open` accepts): the plain way.
      return createHmac('sha256', this.secret)
        .update(payload)
        .digest()
        .toString('base64url', 0, MAC_BYTES);
    }
    const length = this.inner.write(payload, SHA256_BLOCK, 'latin1');
    const innerHash = hash('sha256', this.inner.subarray(0, SHA256_BLOCK + length), 'buffer');
    innerHash.copy(this.outer, SHA256_BLOCK);
    return hash('sha256', this.outer, 'buffer').toString('base64url', 0, MAC_BYTES);
  }
}

export class TokenSigner {
  private readonly mac: PayloadMac;

  constructor(secret: string | Buffer) {
    this.mac = new PayloadMac(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret);
  }

  sign(claims: TrackingClaims): string {
    // The Wire array's JSON text, written directly (no array to build and walk): numbers
    // as JSON writes integers, every string through JSON.stringify.
    const text =
      `[${FORMAT},${JSON.stringify(claims.id)},${claims.exp},${claims.advertiserId},` +
      `${claims.planId},${claims.strategyId},${claims.creativeId},${claims.mediaId},` +
      `${claims.slotId},${claims.dspId},${JSON.stringify(claims.country)},${claims.os},` +
      `${JSON.stringify(claims.appVersion)},${claims.billing},${claims.price},` +
      `${claims.clickPrice},${claims.incomeCpm},${JSON.stringify(claims.uid)},` +
      `${JSON.stringify(claims.channel)},${claims.test ? 1 : 0}]`;
    const payload = Buffer.from(text).toString('base64url');
    return `${payload}.${this.mac.of(payload)}`;
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
    if (typeof token !== 'string' || token.length > MAX_TOKEN_CHARS) return undefined;
    const dot = token.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'latin1');
    const expected = Buffer.from(this.mac.of(payload), 'latin1');
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
