/**
 * The DSP test action's bid request: the OpenRTB 2.6 request a partner gets, its imp shaped
 * by the partner's slot type. What the answer means is outbound/partner-answer.ts.
 */
import { randomUUID } from 'node:crypto';
import { AdForm, ZBidRequest, type BidRequest, type Imp } from '@adloom/domain';

export const TEST_CURRENCY = 'USD';
/** The floor of the test impression, in currency units (CPM). */
export const TEST_BID_FLOOR = 0.01;

/** The Native 1.2 request of a feed slot: title, main image, description, icon. */
const NATIVE_REQUEST = {
  ver: '1.2',
  context: 1,
  plcmttype: 1,
  plcmtcnt: 1,
  assets: [
    { id: 1, required: 1, title: { len: 90 } },
    { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 314 } },
    { id: 3, required: 0, data: { type: 2, len: 140 } },
    { id: 4, required: 0, img: { type: 1, wmin: 80, hmin: 80 } },
  ],
  eventtrackers: [{ event: 1, methods: [1] }],
};

/** What the test impression offers, by the partner's slot type (AdForm). */
export function testImpFormat(slotType: number): Omit<Imp, 'id'> {
  switch (slotType) {
    case AdForm.interstitial:
      return {
        banner: {
          w: 320,
          h: 480,
          format: [
            { w: 320, h: 480 },
            { w: 480, h: 320 },
          ],
          pos: 7,
        },
        instl: 1,
      };
    case AdForm.splash:
      return { banner: { w: 1080, h: 1920, format: [{ w: 1080, h: 1920 }], pos: 7 }, instl: 1 };
    case AdForm.feed:
      return { native: { request: JSON.stringify(NATIVE_REQUEST), ver: '1.2' } };
    case AdForm.rewardedVideo:
      return {
        video: {
          mimes: ['video/mp4'],
          minduration: 5,
          maxduration: 30,
          protocols: [2, 3, 5, 6, 7, 8],
          w: 1080,
          h: 1920,
          // Plcmt subtype 3: interstitial (a full-screen rewarded video).
          plcmt: 3,
        },
        instl: 1,
        rwdd: 1,
      };
    default:
      // Banner and "unlimited": the common mobile banner sizes.
      return {
        banner: {
          w: 320,
          h: 50,
          format: [
            { w: 320, h: 50 },
            { w: 300, h: 250 },
          ],
        },
      };
  }
}

/** A well-formed OpenRTB 2.6 test bid request (test = 1: nothing is bought). */
export function buildTestBidRequest(dsp: {
  id: number;
  slotType: number;
  timeoutMs: number;
}): BidRequest {
  const request = {
    id: randomUUID(),
    imp: [
      {
        id: '1',
        tagid: `adloom-test-${dsp.id}`,
        bidfloor: TEST_BID_FLOOR,
        bidfloorcur: TEST_CURRENCY,
        secure: 1 as const,
        ...testImpFormat(dsp.slotType),
      },
    ],
    app: {
      id: 'adloom-test-app',
      name: 'Adloom Test App',
      bundle: 'com.adloom.test',
      storeurl: 'https://play.google.com/store/apps/details?id=com.adloom.test',
      ver: '1.0.0',
      publisher: { id: 'adloom', name: 'Adloom' },
    },
    device: {
      ua:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/124.0.0.0 Mobile Safari/537.36',
      // A documentation address (RFC 5737): a test request stands for no real person.
      ip: '203.0.113.7',
      os: 'android',
      osv: '14',
      make: 'Google',
      model: 'Pixel 8',
      devicetype: 4,
      connectiontype: 2,
      language: 'en',
      geo: { country: 'USA' },
    },
    user: { id: randomUUID() },
    source: { tid: randomUUID() },
    at: 1,
    tmax: dsp.timeoutMs,
    test: 1 as const,
    cur: [TEST_CURRENCY],
  };
  // Built to the schema the delivery engine reads: a wrong field fails here, not upstream.
  return ZBidRequest.parse(request);
}
