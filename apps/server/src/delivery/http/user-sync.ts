/**
 * User syncs in Prebid Server's formats, with Adloom's own user id cookie (USER_ID_COOKIE):
 * - POST /cookie_sync {bidders?, gdpr?, gdpr_consent?, us_privacy?} → {status, bidder_status}:
 *   `status` is "ok" when the browser carries our cookie, else "no_cookie"; a bidder still to
 *   sync gets a `usersync` (an image redirect to /setuid), an unknown bidder an error;
 * - GET /setuid?bidder=adloom[&uid=…][&f=i|b] sets the cookie to the uid given, else keeps the
 *   one the browser has, else mints one; answers a pixel (f=i, the default) or an empty page.
 * The cookie is `SameSite=None; Secure` when served over TLS (a third-party cookie must be),
 * `SameSite=Lax` otherwise. Frequency caps count on it (requests.ts).
 *
 * Demand partners with a user-sync URL (`config.userSync`) are bidders too (`dsp<id>`): the
 * answer sends the browser to their sync URL, they redirect it to /setuid with their id of
 * it, and we keep that id in one cookie for every partner (PARTNER_UIDS_COOKIE, as Prebid
 * Server keeps its `uids` cookie); the partner's bid requests carry it as `user.buyeruid`
 * (upstream/bid-request.ts; privacy.ts drops it with the rest of the user when it must).
 * A partner syncs by image redirect or in an iframe (`config.userSyncType`); the request's
 * consent and Prebid's filterSettings decide which partners are offered (sync-rules.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  ADLOOM_BIDDER,
  SETUID_PATH,
  USER_ID_COOKIE,
  USER_ID_COOKIE_MAX_AGE_SECONDS,
  USER_ID_PATTERN,
  openRtbIssueText,
} from '@adloom/domain';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuse } from './openrtb-transport.js';
import { PIXEL } from './pixel.js';
import {
  SYNC_REFUSAL,
  ZFilterSettings,
  filterAllows,
  partnerSyncRefusal,
  syncSignals,
  type SyncType,
} from './sync-rules.js';

export { partnerUserSync, partnerUserSyncType } from '../upstream/bid-request.js';

/** Our own bidder code: the only one synced to our own id. */
const SYNCED_BIDDERS: readonly string[] = [ADLOOM_BIDDER];

/** The cookie holding each demand partner's id of the browser, by bidder code. */
export const PARTNER_UIDS_COOKIE = 'adloom_uids';
/** Partners kept in it at most: it stays under a browser's 4 KB per cookie. */
export const MAX_PARTNER_UIDS = 16;
/** The macro a partner replaces with its id of the browser in our /setuid redirect. */
export const PARTNER_UID_MACRO = '$UID';

/** A demand partner's bidder code in user syncs. */
export const partnerBidder = (dspId: number): string => `dsp${dspId}`;

/** A demand partner that syncs: its id and its sync URL template. */
export interface SyncPartner {
  id: number;
  /** http(s) URL; `{{redirect_url}}`, `{{gdpr}}`, `{{gdpr_consent}}`, `{{us_privacy}}` filled. */
  userSync: string;
  /** How the browser is sent there: an image redirect (default) or an iframe. */
  type: SyncType;
  /** Its IAB TCF vendor id: under the GDPR it syncs only with this vendor's consent. */
  vendorId?: number;
}

/** Partner bidder code → the partner's id of the browser, from the uids cookie. */
function partnerUidEntries(request: FastifyRequest): Record<string, string> {
  const text = request.cookies[PARTNER_UIDS_COOKIE];
  if (!text) return {};
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          /^dsp\d{1,9}$/.test(entry[0]) &&
          typeof entry[1] === 'string' &&
          USER_ID_PATTERN.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** Each synced partner's id of the browser, by partner id (for `user.buyeruid`). */
export function partnerUidsOf(request: FastifyRequest): Map<number, string> {
  return new Map(
    Object.entries(partnerUidEntries(request)).map(([bidder, uid]) => [
      Number(bidder.slice(3)),
      uid,
    ]),
  );
}

/** One bidder's entry in a cookie_sync answer. */
interface BidderStatus {
  bidder: string;
  no_cookie?: boolean;
  usersync?: { url: string; type: SyncType; supportCORS: boolean };
  error?: string;
}

/** Our user id from the browser's cookie, when it carries a well-formed one. */
export function cookieUidOf(request: FastifyRequest): string | undefined {
  // @fastify/cookie parses the header in this context (openrtb-transport.ts).
  const uid = request.cookies[USER_ID_COOKIE];
  return uid && USER_ID_PATTERN.test(uid) ? uid : undefined;
}

function isTls(request: FastifyRequest): boolean {
  return (
    request.protocol === 'https' ||
    (request.server.config.publicUrl ?? '').toLowerCase().startsWith('https:')
  );
}

function setUserIdCookie(request: FastifyRequest, reply: FastifyReply, uid: string): void {
  const tls = isTls(request);
  reply.setCookie(USER_ID_COOKIE, uid, {
    path: '/',
    maxAge: USER_ID_COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: tls ? 'none' : 'lax',
    secure: tls,
  });
}

const ZGdpr = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);

const ZCookieSyncRequest = z.looseObject({
  bidders: z.array(z.string()).optional(),
  coppa: z.union([z.literal(0), z.literal(1)]).optional(),
  gdpr: ZGdpr.optional(),
  gdpr_consent: z.string().optional(),
  us_privacy: z.string().optional(),
  gpp: z.string().optional(),
  /** Prebid Server takes the section ids as "2,6"; an array is read as well. */
  gpp_sid: z.union([z.string(), z.array(z.number().int())]).optional(),
  filterSettings: ZFilterSettings.optional(),
  /** Bidders left out are listed with why, as Prebid Server's debug does. */
  debug: z.boolean().optional(),
});

/** A partner's sync URL with our /setuid redirect and the consent filled in. */
function partnerSyncUrl(
  partner: SyncPartner,
  origin: string,
  facts: { gdpr?: string | number; gdpr_consent?: string; us_privacy?: string },
): string {
  const bidder = partnerBidder(partner.id);
  // An iframe's redirect answers an empty page (f=b), an image's a pixel (Prebid Server's).
  const format = partner.type === 'iframe' ? 'b' : 'i';
  const redirect = `${origin}${SETUID_PATH}?bidder=${bidder}${privacyQuery(facts)}&f=${format}&uid=${PARTNER_UID_MACRO}`;
  const values: Record<string, string> = {
    redirect_url: encodeURIComponent(redirect),
    gdpr: facts.gdpr === undefined ? '' : String(facts.gdpr),
    gdpr_consent: encodeURIComponent(facts.gdpr_consent ?? ''),
    us_privacy: encodeURIComponent(facts.us_privacy ?? ''),
  };
  return partner.userSync.replace(
    /\{\{(redirect_url|gdpr|gdpr_consent|us_privacy)\}\}/g,
    (_macro, name: string) => values[name] ?? '',
  );
}

/** The consent parameters a sync URL passes on, as Prebid Server's macros would. */
function privacyQuery(facts: { gdpr?: string | number; gdpr_consent?: string }): string {
  const query = new URLSearchParams();
  if (facts.gdpr !== undefined) query.set('gdpr', String(facts.gdpr));
  if (facts.gdpr_consent !== undefined) query.set('gdpr_consent', facts.gdpr_consent);
  const text = query.toString();
  return text ? `&${text}` : '';
}

/**
 * `partners`: the active demand partners with a user-sync URL. A child-directed request
 * (`coppa: 1`) gets no partner syncs: a partner's id of a child is never learnt. Under the
 * GDPR or a US opt-out a partner the consent does not cover is left out; so is a sync type
 * the request's filterSettings exclude. A bidder left out is named with Prebid Server's
 * reason when it was asked for by name (or `debug` is set); otherwise it is simply absent.
 */
export function cookieSync(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  partners: readonly SyncPartner[] = [],
) {
  const parsed = ZCookieSyncRequest.safeParse(request.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(reply, '', issue?.path.join('.') || 'body', openRtbIssueText(issue));
  }
  const body = parsed.data;
  const synced = cookieUidOf(request) !== undefined;
  const partnerUids = partnerUidEntries(request);
  const syncing = body.coppa === 1 ? [] : partners;
  const partnerOf = new Map(syncing.map((partner) => [partnerBidder(partner.id), partner]));
  const named = body.bidders !== undefined || body.debug === true;
  const bidders = body.bidders ?? [...SYNCED_BIDDERS, ...partnerOf.keys()];
  const signals = syncSignals(body);
  const leftOut = (bidder: string, error: string): BidderStatus[] =>
    named ? [{ bidder, error }] : [];
  const bidderStatus = [...new Set(bidders)].flatMap((bidder): BidderStatus[] => {
    const partner = partnerOf.get(bidder);
    if (partner) {
      if (partnerUids[bidder]) return [];
      const refusal = partnerSyncRefusal(signals, partner.vendorId);
      if (refusal) return leftOut(bidder, refusal);
      if (!filterAllows(body.filterSettings, partner.type, bidder)) {
        return leftOut(bidder, SYNC_REFUSAL.filter);
      }
      return [
        {
          bidder,
          no_cookie: true,
          usersync: {
            url: partnerSyncUrl(partner, origin, body),
            type: partner.type,
            supportCORS: false,
          },
        },
      ];
    }
    if (!SYNCED_BIDDERS.includes(bidder)) return [{ bidder, error: 'Unsupported bidder' }];
    if (synced) return [];
    if (!filterAllows(body.filterSettings, 'redirect', bidder)) {
      return leftOut(bidder, SYNC_REFUSAL.filter);
    }
    return [
      {
        bidder,
        no_cookie: true,
        usersync: {
          url: `${origin}${SETUID_PATH}?bidder=${bidder}${privacyQuery(body)}&f=i`,
          type: 'redirect',
          supportCORS: false,
        },
      },
    ];
  });
  return reply
    .header('cache-control', 'no-store')
    .send({ status: synced ? 'ok' : 'no_cookie', bidder_status: bidderStatus });
}

const text = (reply: FastifyReply, message: string) =>
  reply.code(400).type('text/plain; charset=utf-8').send(message);

/** Keeps a partner's id of the browser in the uids cookie (the oldest goes past the cap). */
function setPartnerUid(
  request: FastifyRequest,
  reply: FastifyReply,
  bidder: string,
  uid: string,
): void {
  const { [bidder]: _previous, ...others } = partnerUidEntries(request);
  const kept = Object.entries(others).slice(-(MAX_PARTNER_UIDS - 1));
  const entries = Object.fromEntries([...kept, [bidder, uid]]);
  const tls = isTls(request);
  reply.setCookie(PARTNER_UIDS_COOKIE, Buffer.from(JSON.stringify(entries)).toString('base64url'), {
    path: '/',
    maxAge: USER_ID_COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: tls ? 'none' : 'lax',
    secure: tls,
  });
}

/** `partners`: the active demand partners with a user-sync URL (their bidders sync here too). */
export function setUid(
  request: FastifyRequest,
  reply: FastifyReply,
  partners: readonly SyncPartner[] = [],
) {
  const query = request.query as Record<string, unknown>;
  const param = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const bidder = param('bidder');
  if (!bidder) return text(reply, '"bidder" query param is required');
  const syncPartner = partners.find((candidate) => partnerBidder(candidate.id) === bidder);
  if (!syncPartner && !SYNCED_BIDDERS.includes(bidder)) {
    return text(reply, `"bidder" ${JSON.stringify(bidder)} is not a bidder we sync`);
  }
  if (param('gdpr') === '1' && !param('gdpr_consent')) {
    return text(reply, '"gdpr_consent" is required when gdpr=1');
  }
  const format = param('f') ?? 'i';
  if (format !== 'i' && format !== 'b') return text(reply, '"f" query param must be "i" or "b"');
  const given = param('uid');
  if (given !== undefined && !USER_ID_PATTERN.test(given)) {
    return text(reply, '"uid" must be 1 to 128 letters, digits or . _ ~ -');
  }
  if (syncPartner) {
    // A partner's id is the partner's to give: without one there is nothing to keep.
    if (given === undefined) return text(reply, '"uid" query param is required for a partner');
    // The consent the sync came with must still cover the partner (Prebid Server answers 451).
    const refusal = partnerSyncRefusal(
      syncSignals({
        ...(param('gdpr') === undefined ? {} : { gdpr: param('gdpr') }),
        ...(param('gdpr_consent') === undefined ? {} : { gdpr_consent: param('gdpr_consent') }),
      }),
      syncPartner.vendorId,
    );
    if (refusal) {
      return reply
        .code(451)
        .type('text/plain; charset=utf-8')
        .send('The gdpr_consent string prevents cookies from being saved');
    }
    setPartnerUid(request, reply, bidder, given);
  } else {
    setUserIdCookie(request, reply, given ?? cookieUidOf(request) ?? randomUUID());
  }
  reply.header('cache-control', 'no-store');
  if (format === 'i') return reply.type('image/gif').send(PIXEL);
  return reply.type('text/html; charset=utf-8').send('');
}
