/**
 * Tracking tokens: everything an impression, click or notice needs to be counted and billed,
 * carried in its URL and signed (HMAC-SHA256, truncated to 128 bits) so that serving keeps
 * no per-ad state. A token is `<payload>.<mac>`, the MAC base64url. The payload (format 2)
 * is the claims in a fixed order joined by `~`, a text field in base64url when it holds
 * anything but letters, digits and `._-`: URL-safe as it is, so a served ad signs without a
 * JSON array or base64 of it to build, and its URLs are a third shorter. Format 1 (base64url of a
 * JSON array), made before, is still read until such tokens have expired. A token whose MAC
 * does not verify, or that has expired, counts nothing; replays of a valid one are caught by
 * its id at the accounting flush (delivery_events).
 */
import { createHash, createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EventDims } from '../../stats/keys.js';

const FORMAT = 2;
const JSON_FORMAT = 1;
const MAC_BYTES = 16;
const SEPARATOR = '~';

/**
 * Text as it stands in a format-2 payload: as it is when it is letters, digits and `._-`
 * (not starting with `-`), else `-` and its UTF-8 in base64url. Never `%`: a query parser
 * would decode it and the MAC would no longer match.
 */
const PLAIN_TEXT = /^(?!-)[A-Za-z0-9._-]*$/;
const textField = (text: string): string =>
  PLAIN_TEXT.test(text) ? text : `-${Buffer.from(text).toString('base64url')}`;

const readText = (field: string): string =>
  field.startsWith('-') ? Buffer.from(field.slice(1), 'base64url').toString('utf8') : field;

// Claims are integers (micros, ids, seconds); a number written otherwise still reads back as
// JSON would have carried it, rather than making the token unreadable.
const NUMBER = /^-?\d{1,16}(\.\d{1,17})?(e[+-]?\d{1,3})?$/;
const readInteger = (field: string): number | undefined =>
  NUMBER.test(field) ? Number(field) : undefined;

const CHANNELS: ReadonlySet<string> = new Set<TrackingClaims['channel']>([
  'sdk',
  'openrtb',
  'dsp',
  'notice',
]);

/**
 * What a token carries: the served ad's stats dimensions (EventDims, made from STATS_KEYS:
 * a new stats key is a claim too, and LAYOUT must place it) and what counting and billing
 * need besides.
 */
export interface TrackingClaims extends EventDims {
  /** Random id of the served ad: the impression id. */
  id: string;
  /** Expiry, epoch seconds. */
  exp: number;
  /** Billing of the plan (1 CPT, 2 CPM, 3 CPC); 0 for an upstream partner's ad. */
  billing: number;
  /** The clearing price, micros per mille. */
  price: number;
  /** CPC only: what a click costs, micros. */
  clickPrice: number;
  /** The supply side's income per impression, micros per mille. */
  incomeCpm: number;
  uid: string;
  /**
   * Where the ad was bought, which says when it is billed: own-DSP sales to exchanges (`dsp`)
   * and an OpenRTB caller's second-price auction (`notice`: `price`/`incomeCpm` are then the
   * most the buyer pays and our offer) on the buyer's billing notice, the rest on the impression.
   */
  channel: 'sdk' | 'openrtb' | 'dsp' | 'notice';
  /** OpenRTB test traffic: never counted. */
  test: boolean;
}

/**
 * The claims in a payload's order, after the format number (both formats): each field's key
 * and whether it is text or a number (`test` travels as 0 or 1). The order is the wire format
 * of tokens in flight: a new claim goes at the end, with a new FORMAT (docs/RECIPES.md).
 */
export const LAYOUT = [
  ['id', 'text'],
  ['exp', 'number'],
  ['advertiserId', 'number'],
  ['planId', 'number'],
  ['strategyId', 'number'],
  ['creativeId', 'number'],
  ['mediaId', 'number'],
  ['slotId', 'number'],
  ['dspId', 'number'],
  ['country', 'text'],
  ['os', 'number'],
  ['appVersion', 'text'],
  ['billing', 'number'],
  ['price', 'number'],
  ['clickPrice', 'number'],
  ['incomeCpm', 'number'],
  ['uid', 'text'],
  ['channel', 'text'],
  ['test', 'number'],
] as const satisfies readonly (readonly [keyof TrackingClaims, 'text' | 'number'])[];

// Every claim has its place in LAYOUT: a missing one (a new stats key) fails here, by name.
type UnplacedClaim = Exclude<keyof TrackingClaims, (typeof LAYOUT)[number][0]>;
const everyClaimIsPlaced: [UnplacedClaim] extends [never] ? true : UnplacedClaim = true;
void everyClaimIsPlaced;

/** A payload's fields: the format number and the claims. */
const FIELDS = LAYOUT.length + 1;
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
    // LAYOUT's order, written out: a loop over it would cost the hot path (tested layout).
    const payload =
      `${FORMAT}~${textField(claims.id)}~${claims.exp}~${claims.advertiserId}~${claims.planId}~` +
      `${claims.strategyId}~${claims.creativeId}~${claims.mediaId}~${claims.slotId}~` +
      `${claims.dspId}~${textField(claims.country)}~${claims.os}~` +
      `${textField(claims.appVersion)}~${claims.billing}~${claims.price}~${claims.clickPrice}~` +
      `${claims.incomeCpm}~${textField(claims.uid)}~${claims.channel}~${claims.test ? 1 : 0}`;
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
    // The MAC is base64url: the last dot ends the payload (app versions hold dots).
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'latin1');
    const expected = Buffer.from(this.mac.of(payload), 'latin1');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return payload.startsWith(`${FORMAT}${SEPARATOR}`)
      ? claimsOfText(payload)
      : claimsOfJson(payload);
  }
}

/** A genuine format-2 payload's claims; undefined when it does not read as one. */
function claimsOfText(payload: string): TrackingClaims | undefined {
  const fields = payload.split(SEPARATOR);
  if (fields.length !== FIELDS) return undefined;
  return claimsOfValues(
    LAYOUT.map(([, kind], index) => {
      const field = fields[index + 1] ?? '';
      return kind === 'text' ? readText(field) : readInteger(field);
    }),
  );
}

/** A genuine format-1 payload's claims (base64url of a JSON array in LAYOUT's order). */
function claimsOfJson(payload: string): TrackingClaims | undefined {
  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(wire) || wire[0] !== JSON_FORMAT || wire.length !== FIELDS) return undefined;
  return claimsOfValues(wire.slice(1));
}

/** Claims from their values in LAYOUT's order; undefined when one is not what it must be. */
function claimsOfValues(values: readonly unknown[]): TrackingClaims | undefined {
  const claims: Record<string, unknown> = {};
  for (const [index, [key, kind]] of LAYOUT.entries()) {
    const value = values[index];
    const fits =
      kind === 'text'
        ? typeof value === 'string'
        : typeof value === 'number' && Number.isFinite(value);
    if (!fits) return undefined;
    claims[key] = value;
  }
  if (!CHANNELS.has(claims.channel as string) || (claims.test !== 0 && claims.test !== 1)) {
    return undefined;
  }
  return { ...claims, test: claims.test === 1 } as unknown as TrackingClaims;
}
