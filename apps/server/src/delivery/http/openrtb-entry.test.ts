/**
 * The OpenRTB entry points as real peers call them (issue 21): Prebid.js from a publisher's
 * page (CORS with credentials, text/plain bodies, user syncs), exchanges (gzip, no content
 * type, null fields, Flex formats) — and refusals naming the field in OpenRTB's shape.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { OPENRTB_MAX_IMPS, OPENRTB_VERSION, USER_ID_COOKIE, isMessageCode } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slots } from '../../db/schema.js';
import type { TestApp } from '../../test/app.js';
import { multipartBody } from '../../test/http.js';
import { buildServingScenario, createServingTestApp, must } from '../test-kit.js';

let t: TestApp;
let slotId: number;

beforeAll(async () => {
  t = await createServingTestApp({ TRUST_PROXY: 'true' });
  slotId = (await buildServingScenario(t.db)).slot.id;
  await t.app.delivery().sync();
});
afterAll(async () => {
  await t.close();
});

const AUCTION = '/openrtb2/auction';
const PUBLISHER = 'https://news.publisher.example';

function bidRequest(extra: Record<string, unknown> = {}, imp: Record<string, unknown> = {}) {
  return {
    id: `req-${randomUUID()}`,
    imp: [{ id: '1', tagid: String(slotId), banner: { w: 320, h: 50 }, ...imp }],
    site: { domain: 'news.publisher.example', page: `${PUBLISHER}/story` },
    device: { os: 'Android', geo: { country: 'USA' }, ua: 'Mozilla/5.0' },
    tmax: 500,
    ...extra,
  };
}

interface Answer {
  id: string;
  nbr?: number;
  seatbid?: { seat: string; bid: { impid: string; adm: string }[] }[];
  ext?: { error?: { field?: string; message: string } };
}

async function post(
  payload: unknown,
  headers: Record<string, string> = {},
  url = AUCTION,
): Promise<{ status: number; headers: Record<string, unknown>; body: Answer | undefined }> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers,
    payload:
      typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body ? (JSON.parse(response.body) as Answer) : undefined,
  };
}

const json = { 'content-type': 'application/json' };
const bidsOf = (answer: Answer | undefined) => answer?.seatbid?.flatMap((seat) => seat.bid) ?? [];

describe('the transport Prebid.js and exchanges use', () => {
  it('answers any publisher origin with credentials, and its preflight', async () => {
    const answer = await post(bidRequest(), { ...json, origin: PUBLISHER });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(PUBLISHER);
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(String(answer.headers.vary)).toMatch(/Origin/);

    for (const url of [AUCTION, '/cookie_sync']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: PUBLISHER,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(PUBLISHER);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    }
  });

  it('reads JSON sent as text/plain or with no content type, and refuses other types', async () => {
    const plain = await post(bidRequest(), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(plain.status).toBe(200);
    expect(bidsOf(plain.body)).toHaveLength(1);
    const untyped = await post(bidRequest());
    expect(untyped.status).toBe(200);
    expect(bidsOf(untyped.body)).toHaveLength(1);

    const form = multipartBody({ id: '1' });
    const refused = await post(form.payload, { 'content-type': form.contentType });
    expect(refused.status).toBe(415);
    expect(refused.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
    expect(refused.body).toMatchObject({ nbr: 2, ext: { error: { field: 'body' } } });
  });

  it('reads gzip bodies and compresses answers when asked', async () => {
    const zipped = await post(gzipSync(JSON.stringify(bidRequest())), {
      ...json,
      'content-encoding': 'gzip',
    });
    expect(zipped.status).toBe(200);
    expect(bidsOf(zipped.body)).toHaveLength(1);

    // A small body that inflates past the body limit (1 MB) is refused, not inflated whole.
    const bomb = await post(gzipSync(Buffer.alloc(8 * 1024 * 1024, ' ')), {
      ...json,
      'content-encoding': 'gzip',
    });
    expect(bomb.status).toBe(413);
    expect(bomb.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);

    const broken = await post(Buffer.from('not gzip at all'), {
      ...json,
      'content-encoding': 'gzip',
    });
    expect(broken.status).toBe(400);
    expect(broken.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);

    for (const [encoding, decompress] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: AUCTION,
        headers: { ...json, 'accept-encoding': encoding },
        payload: JSON.stringify(bidRequest()),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      const answer = JSON.parse(decompress(response.rawPayload).toString()) as Answer;
      expect(bidsOf(answer)).toHaveLength(1);
    }
  });

  it('treats null as absent and takes Flex formats and Prebid extensions', async () => {
    const nulls = await post(
      bidRequest(
        { app: null, user: null, tmax: null, regs: null, ext: { prebid: { debug: null } } },
        { bidfloor: null, video: null, native: null },
      ),
      json,
    );
    expect(nulls.status).toBe(200);
    expect(bidsOf(nulls.body)).toHaveLength(1);

    const flex = await post(
      bidRequest({}, { banner: { format: [{ wratio: 32, hratio: 5, wmin: 320 }] } }),
      json,
    );
    expect(flex.status).not.toBe(400);
  });

  it('answers a no-bid with its reason when the auction leaves us no time', async () => {
    const request = bidRequest({ tmax: 5 });
    const answer = await post(request, json);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: request.id, nbr: 15 });
    // tmax 0 is no limit given.
    expect(bidsOf((await post(bidRequest({ tmax: 0 }), json)).body)).toHaveLength(1);
  });

  it('answers a malformed body in OpenRTB shape, never the console envelope', async () => {
    const answer = await post('{"id": "broken", "imp": [', json);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
    expect(answer.body).toMatchObject({ id: '', nbr: 2, ext: { error: { field: 'body' } } });
    expect(answer.body).not.toHaveProperty('code');
  });
});

describe('requests refused like an exchange refuses them', () => {
  const banner = { w: 300, h: 250 };
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'duplicate impression ids',
      {
        imp: [
          { id: '1', banner },
          { id: '1', banner },
        ],
      },
      'imp[1].id',
    ],
    ['both site and app', { app: { bundle: 'com.example.app' } }, 'app'],
    ['an impression without a media object', { imp: [{ id: '1' }] }, 'imp[0]'],
    ['a negative size', { imp: [{ id: '1', banner: { w: -300, h: 250 } }] }, 'imp[0].banner.w'],
    [
      'a negative format size',
      { imp: [{ id: '1', banner: { format: [{ w: 300, h: -250 }] } }] },
      'imp[0].banner.format[0].h',
    ],
    ['a negative tmax', { tmax: -2 }, 'tmax'],
    [
      'an unreadable Native request',
      { imp: [{ id: '1', native: { request: 'assets' } }] },
      'imp[0].native.request',
    ],
    [
      'Native assets with one id twice',
      {
        imp: [
          {
            id: '1',
            native: {
              request: JSON.stringify({
                assets: [
                  { id: 1, title: { len: 25 } },
                  { id: 1, img: { type: 3, w: 300, h: 250 } },
                ],
              }),
            },
          },
        ],
      },
      'imp[0].native.request',
    ],
    [
      'more impressions than we take',
      {
        imp: Array.from({ length: OPENRTB_MAX_IMPS + 1 }, (_, index) => ({
          id: String(index),
          banner,
        })),
      },
      'imp',
    ],
  ];

  it.each(cases)('%s: 400 naming the field', async (_, change, field) => {
    for (const url of [AUCTION, '/dsp/openrtb2']) {
      const request = bidRequest(change);
      const answer = await post(request, json, url);
      expect(answer.status).toBe(400);
      expect(answer.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
      expect(answer.body?.id).toBe(request.id);
      expect(answer.body?.nbr).toBe(2);
      expect(answer.body?.ext?.error?.field).toBe(field);
      expect(answer.body?.ext?.error?.message).toMatch(
        new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `),
      );
      // An OpenRTB peer reads text: an English sentence, never the catalogue's code.
      const text = answer.body?.ext?.error?.message.slice(field.length + 2) ?? '';
      expect(isMessageCode(text), text).toBe(false);
      expect(text).toMatch(/^[A-Za-z].* /);
    }
  });

  it('says what is wrong in English, the limit filled in', async () => {
    const answer = await post(bidRequest({ tmax: -2 }), json);
    expect(answer.body?.ext?.error).toEqual({ field: 'tmax', message: 'tmax: Must be at least 0' });
  });

  it('says the limit when a request holds too many impressions', async () => {
    const answer = await post(
      bidRequest({
        imp: Array.from({ length: OPENRTB_MAX_IMPS + 1 }, (_, index) => ({
          id: String(index),
          banner,
        })),
      }),
      json,
    );
    expect(answer.body?.ext?.error?.message).toContain(String(OPENRTB_MAX_IMPS));
  });
});

describe('which slot an impression is for', () => {
  it('finds a slot by its code, by Prebid bidder parameters and by a strictly written id', async () => {
    const code = `home-top-${randomUUID().slice(0, 8)}`;
    await t.db.update(slots).set({ code }).where(eq(slots.id, slotId));
    await t.app.delivery().sync();
    try {
      const bids = async (imp: Record<string, unknown>) =>
        bidsOf((await post(bidRequest({}, imp), json)).body).length;
      expect(await bids({ tagid: code })).toBe(1);
      expect(
        await bids({
          tagid: 'someone-elses',
          ext: { prebid: { bidder: { adloom: { slot: code } } } },
        }),
      ).toBe(1);
      expect(await bids({ tagid: undefined, ext: { adloom: { slot: slotId } } })).toBe(1);
      expect(await bids({ tagid: String(slotId) })).toBe(1);
      // Number() would read each of these as the slot's id.
      for (const loose of [
        `0${slotId}`,
        `0x${slotId.toString(16)}`,
        `${slotId}e0`,
        `${slotId}.0`,
        ` ${slotId} `,
      ]) {
        expect(await bids({ tagid: loose }), loose).toBe(0);
      }
    } finally {
      await t.db.update(slots).set({ code: null }).where(eq(slots.id, slotId));
      await t.app.delivery().sync();
    }
  });
});

describe('user syncs in Prebid Server’s formats', () => {
  const cookieOf = (setCookie: unknown) => {
    const header = Array.isArray(setCookie) ? String(setCookie[0]) : String(setCookie);
    const value = new RegExp(`${USER_ID_COOKIE}=([^;]+)`).exec(header)?.[1];
    return { header, value: must(value, 'the user id cookie') };
  };

  it('asks an unsynced browser to sync, sets our cookie, then answers ok', async () => {
    const first = await post(
      { bidders: ['adloom', 'elsewhere'] },
      { ...json, origin: PUBLISHER },
      '/cookie_sync',
    );
    expect(first.status).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe(PUBLISHER);
    const status = first.body as unknown as {
      status: string;
      bidder_status: { bidder: string; usersync?: { url: string; type: string }; error?: string }[];
    };
    expect(status.status).toBe('no_cookie');
    const adloom = must(status.bidder_status.find((entry) => entry.bidder === 'adloom'));
    expect(adloom.usersync?.type).toBe('redirect');
    expect(status.bidder_status.find((entry) => entry.bidder === 'elsewhere')?.error).toBeTruthy();

    const syncUrl = new URL(must(adloom.usersync?.url));
    const sync = await t.app.inject({ method: 'GET', url: `${syncUrl.pathname}${syncUrl.search}` });
    expect(sync.statusCode).toBe(200);
    expect(sync.headers['content-type']).toBe('image/gif');
    const cookie = cookieOf(sync.headers['set-cookie']);
    expect(cookie.header).toMatch(/HttpOnly/i);
    expect(cookie.header).toMatch(/SameSite=Lax/i);

    const again = await post(
      { bidders: ['adloom'] },
      { ...json, cookie: `${USER_ID_COOKIE}=${cookie.value}` },
      '/cookie_sync',
    );
    expect(again.body).toEqual({ status: 'ok', bidder_status: [] });
  });

  it('keeps the uid given, marks the cookie SameSite=None; Secure over TLS, refuses bad input', async () => {
    const tls = await t.app.inject({
      method: 'GET',
      url: '/setuid?bidder=adloom&uid=buyer-42&f=b',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.statusCode).toBe(200);
    expect(tls.headers['content-type']).toMatch(/^text\/html/);
    const cookie = cookieOf(tls.headers['set-cookie']);
    expect(cookie.value).toBe('buyer-42');
    expect(cookie.header).toMatch(/SameSite=None/i);
    expect(cookie.header).toMatch(/Secure/i);

    for (const [query, message] of [
      ['uid=1', /bidder/],
      ['bidder=appnexus&uid=1', /bidder/],
      ['bidder=adloom&uid=a%3Bb', /uid/],
      ['bidder=adloom&gdpr=1', /gdpr_consent/],
      ['bidder=adloom&f=x', /"f"/],
    ] as const) {
      const refused = await t.app.inject({ method: 'GET', url: `/setuid?${query}` });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body, query).toMatch(message);
      expect(refused.headers['set-cookie'], query).toBeUndefined();
    }
  });

  it('counts frequency caps on the synced id: our cookie or the buyer uid', async () => {
    const capped = await buildServingScenario(t.db, { plan: { timesPerUser: 1 } });
    await t.app.delivery().sync();
    const request = (extra: Record<string, unknown> = {}) =>
      bidRequest(extra, { tagid: String(capped.slot.id) });
    const showAd = async (answer: Answer | undefined) => {
      const adm = must(bidsOf(answer)[0], 'a bid').adm;
      const pixel = must(/\/track\/imp\?t=[^"'\s<>\\]+/.exec(adm)?.[0], 'an impression URL');
      const shown = await t.app.inject({ method: 'GET', url: pixel.replaceAll('&amp;', '&') });
      expect(shown.statusCode).toBe(200);
    };
    const withCookie = (uid: string) => ({ ...json, cookie: `${USER_ID_COOKIE}=${uid}` });

    const synced = `synced-${randomUUID()}`;
    await showAd((await post(request(), withCookie(synced))).body);
    expect((await post(request(), withCookie(synced))).status).toBe(204);
    // The same user, named by the buyer uid an exchange learnt in the sync.
    expect((await post(request({ user: { buyeruid: synced } }), json)).status).toBe(204);
    // Someone else still sees the ad.
    expect((await post(request(), withCookie(`other-${randomUUID()}`))).status).toBe(200);
  });
});
