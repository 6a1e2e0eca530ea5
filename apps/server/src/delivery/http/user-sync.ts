/**
 * User syncs in Prebid Server's formats, with Adloom's own user id cookie (USER_ID_COOKIE):
 * - POST /cookie_sync {bidders?, gdpr?, gdpr_consent?, us_privacy?} → {status, bidder_status}:
 *   `status` is "ok" when the browser carries our cookie, else "no_cookie"; a bidder still to
 *   sync gets a `usersync` (an image redirect to /setuid), an unknown bidder an error;
 * - GET /setuid?bidder=adloom[&uid=…][&f=i|b] sets the cookie to the uid given, else keeps the
 *   one the browser has, else mints one; answers a pixel (f=i, the default) or an empty page.
 * The cookie is `SameSite=None; Secure` when served over TLS (a third-party cookie must be),
 * `SameSite=Lax` otherwise. Frequency caps count on it (requests.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  ADLOOM_BIDDER,
  SETUID_PATH,
  USER_ID_COOKIE,
  USER_ID_COOKIE_MAX_AGE_SECONDS,
  USER_ID_PATTERN,
} from '@adloom/domain';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { issueText, refuse } from './openrtb-transport.js';
import { PIXEL } from './pixel.js';

/** The bidders we sync: ourselves (partners' own syncs are theirs to run). */
const SYNCED_BIDDERS: readonly string[] = [ADLOOM_BIDDER];

/** One bidder's entry in a cookie_sync answer. */
interface BidderStatus {
  bidder: string;
  no_cookie?: boolean;
  usersync?: { url: string; type: 'redirect' | 'iframe'; supportCORS: boolean };
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
  gdpr: ZGdpr.optional(),
  gdpr_consent: z.string().optional(),
  us_privacy: z.string().optional(),
});

/** The consent parameters a sync URL passes on, as Prebid Server's macros would. */
function privacyQuery(facts: { gdpr?: string | number; gdpr_consent?: string }): string {
  const query = new URLSearchParams();
  if (facts.gdpr !== undefined) query.set('gdpr', String(facts.gdpr));
  if (facts.gdpr_consent !== undefined) query.set('gdpr_consent', facts.gdpr_consent);
  const text = query.toString();
  return text ? `&${text}` : '';
}

export function cookieSync(request: FastifyRequest, reply: FastifyReply, origin: string) {
  const parsed = ZCookieSyncRequest.safeParse(request.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(reply, '', issue?.path.join('.') || 'body', issueText(issue));
  }
  const synced = cookieUidOf(request) !== undefined;
  const bidders = parsed.data.bidders ?? SYNCED_BIDDERS;
  const bidderStatus = [...new Set(bidders)].flatMap((bidder): BidderStatus[] => {
    if (!SYNCED_BIDDERS.includes(bidder)) return [{ bidder, error: 'Unsupported bidder' }];
    if (synced) return [];
    return [
      {
        bidder,
        no_cookie: true,
        usersync: {
          url: `${origin}${SETUID_PATH}?bidder=${bidder}${privacyQuery(parsed.data)}&f=i`,
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

export function setUid(request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  const param = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const bidder = param('bidder');
  if (!bidder) return text(reply, '"bidder" query param is required');
  if (!SYNCED_BIDDERS.includes(bidder)) {
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
  setUserIdCookie(request, reply, given ?? cookieUidOf(request) ?? randomUUID());
  reply.header('cache-control', 'no-store');
  if (format === 'i') return reply.type('image/gif').send(PIXEL);
  return reply.type('text/html; charset=utf-8').send('');
}
