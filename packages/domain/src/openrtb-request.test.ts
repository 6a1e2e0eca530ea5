import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageErrorMap } from './messages.js';
import {
  OPENRTB_MAX_IMPS,
  ZIncomingBidRequest,
  fieldOf,
  openRtbIssueText,
  readNativeRequest,
  withoutNulls,
} from './openrtb-request.js';

// As the server runs: zod's messages are catalogue codes, and a peer reads English sentences.
beforeAll(() => {
  z.config({ customError: messageErrorMap });
});

const banner = { format: [{ w: 300, h: 250 }] };
const request = (extra: Record<string, unknown> = {}) => ({
  id: 'r1',
  imp: [{ id: '1', banner }],
  site: { domain: 'news.example' },
  ...extra,
});

/** The refusal's field and message, or 'valid'. */
function verdict(input: unknown): string {
  const parsed = ZIncomingBidRequest.safeParse(withoutNulls(input));
  if (parsed.success) return 'valid';
  const issue = parsed.error.issues[0];
  return `${fieldOf(issue?.path ?? [])}: ${openRtbIssueText(issue)}`;
}

describe('an incoming BidRequest', () => {
  it('treats null as absent anywhere, in objects and arrays', () => {
    expect(withoutNulls({ a: null, b: [null, { c: null, d: 1 }], e: 'x' })).toEqual({
      b: [{ d: 1 }],
      e: 'x',
    });
    expect(
      verdict(
        request({
          site: null,
          app: { bundle: 'com.example', publisher: null },
          tmax: null,
          imp: [{ id: '1', video: { mimes: ['video/mp4'], protocols: null }, banner: null }],
        }),
      ),
    ).toBe('valid');
  });

  it('takes Flex formats and Prebid extensions', () => {
    const flex = { format: [{ wratio: 16, hratio: 9, wmin: 300 }] };
    const prebid = { prebid: { bidder: { adloom: { slot: 'home-top' } } } };
    expect(
      verdict(request({ imp: [{ id: '1', banner: flex, ext: prebid }], ext: { prebid: {} } })),
    ).toBe('valid');
  });

  it('names the field of each rule it breaks', () => {
    expect(
      verdict(
        request({
          imp: [
            { id: '1', banner },
            { id: '1', banner },
          ],
        }),
      ),
    ).toBe('imp[1].id: duplicate impression id "1"');
    expect(verdict(request({ app: { bundle: 'com.example' } }))).toMatch(
      /^app: only one of site, app and dooh/,
    );
    expect(verdict(request({ imp: [{ id: '1' }] }))).toBe(
      'imp[0]: an impression needs one of banner, video, audio or native',
    );
    expect(verdict(request({ imp: [{ id: '1', banner: { w: -300, h: 250 } }] }))).toMatch(
      /^imp\[0\]\.banner\.w: /,
    );
    expect(
      verdict(request({ imp: [{ id: '1', banner: { format: [{ w: 300, h: -1 }] } }] })),
    ).toMatch(/^imp\[0\]\.banner\.format\[0\]\.h: /);
    expect(verdict(request({ tmax: -2 }))).toMatch(/^tmax: /);
    const imps = Array.from({ length: OPENRTB_MAX_IMPS + 1 }, (_, index) => ({
      id: String(index),
      banner,
    }));
    expect(verdict(request({ imp: imps }))).toBe(
      `imp: at most ${OPENRTB_MAX_IMPS} impressions per request`,
    );
  });

  it('reads the Native request and refuses one without assets or with repeated asset ids', () => {
    const native = (body: unknown) => ({ request: JSON.stringify(body), ver: '1.2' });
    const title = { id: 1, required: 1, title: { len: 90 } };
    expect(verdict(request({ imp: [{ id: '1', native: native({ assets: [title] }) }] }))).toBe(
      'valid',
    );
    // The 1.0 form, wrapped.
    expect(readNativeRequest(JSON.stringify({ native: { assets: [title] } }))).toEqual({
      request: { assets: [title] },
    });
    expect(verdict(request({ imp: [{ id: '1', native: { request: '{"assets":' } }] }))).toBe(
      'imp[0].native.request: not a readable Native request: is not JSON',
    );
    expect(verdict(request({ test: 3 }))).toBe('test: must be 0 or 1');
    // Encoded twice: a JSON string inside the string.
    expect(
      verdict(
        request({ imp: [{ id: '1', native: { request: JSON.stringify('{"assets":[]}') } }] }),
      ),
    ).toBe('imp[0].native.request: not a readable Native request: is not a JSON object');
    // The Native request's own schema issues in English, never a catalogue code.
    expect(verdict(request({ imp: [{ id: '1', native: native({ assets: [] }) }] }))).toBe(
      'imp[0].native.request: not a readable Native request: assets: Choose at least 1',
    );
    expect(verdict(request({ imp: [{ id: '1', native: native({ ver: '1.2' }) }] }))).toBe(
      'imp[0].native.request: not a readable Native request: assets: This field is required',
    );
    expect(
      verdict(request({ imp: [{ id: '1', native: native({ assets: [title, title] }) }] })),
    ).toBe(
      'imp[0].native.request: not a readable Native request: assets[1].id: duplicate asset id 1',
    );
  });

  it('numbers assets that carry no ids by their index, and refuses a mix or an asset of no kind', () => {
    const headline = { required: 1, title: { len: 50 } };
    const thumbnail = { required: 0, img: { type: 3, wmin: 300, hmin: 200 } };
    expect(readNativeRequest(JSON.stringify({ assets: [headline, thumbnail] }))).toEqual({
      request: {
        assets: [
          { ...headline, id: 0 },
          { ...thumbnail, id: 1 },
        ],
      },
    });
    // null is absent here too.
    expect(readNativeRequest(JSON.stringify({ assets: [{ ...headline, id: null }] }))).toEqual({
      request: { assets: [{ ...headline, id: 0 }] },
    });
    expect(
      readNativeRequest(JSON.stringify({ assets: [{ ...headline, id: 4 }, thumbnail] })),
    ).toEqual({ error: 'assets[1].id: required when others have ids' });
    expect(readNativeRequest(JSON.stringify({ assets: [{ id: 1, required: 1 }] }))).toEqual({
      error: 'assets[0]: an asset is exactly one of title, img, video or data',
    });
    expect(
      readNativeRequest(
        JSON.stringify({ assets: [{ id: 1, title: { len: 9 }, data: { type: 2 } }] }),
      ),
    ).toEqual({ error: 'assets[0]: an asset is exactly one of title, img, video or data' });
  });
});
