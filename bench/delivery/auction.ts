/**
 * The delivery benchmark's OpenRTB requests (bench/delivery/run.mjs, POST /openrtb2/auction):
 * one BidRequest of one impression per simulated request, as Prebid Server or an exchange
 * sends for an app: the same users, devices, countries and slots as the /serve/ad traffic,
 * the slot named by `tagid`, a banner of the slot's size (a feed slot also offers Native
 * 1.2 with a title and a main image).
 */
import { Platform, type ServeFacts } from '@adloom/domain';

/** A bench slot's shape (fixture.ts): its size, 0 × 0 for a feed. */
export interface BenchSlotShape {
  width: number;
  height: number;
}

const OS_NAME: Record<number, string> = {
  [Platform.android]: 'Android',
  [Platform.ios]: 'iOS',
  [Platform.wp]: 'Windows Phone',
};
/** Our Network (1 WIFI … 5 5G) → OpenRTB List: Connection Type. */
const CONNECTION_TYPE: Record<number, number> = { 1: 2, 2: 4, 3: 5, 4: 6, 5: 7 };

const FEED_NATIVE = JSON.stringify({
  ver: '1.2',
  context: 1,
  plcmttype: 1,
  assets: [
    { id: 1, required: 1, title: { len: 90 } },
    { id: 2, required: 0, img: { type: 3, wmin: 600, hmin: 300 } },
    { id: 3, required: 0, data: { type: 2, len: 140 } },
  ],
});

/** The BidRequest (as JSON text) of one simulated request on a slot of `shape`. */
export function benchBidRequest(seq: number, facts: ServeFacts, shape: BenchSlotShape): string {
  const feed = shape.width === 0 || shape.height === 0;
  const ifa = facts.oaid || facts.idfa || '';
  const imp = {
    id: '1',
    tagid: String(facts.slot_id),
    banner: feed
      ? { format: [{ w: 1200, h: 628 }] }
      : { format: [{ w: shape.width, h: shape.height }] },
    ...(feed ? { native: { request: FEED_NATIVE, ver: '1.2' } } : {}),
    bidfloorcur: 'USD',
  };
  return JSON.stringify({
    id: `bench-${seq}`,
    imp: [imp],
    app: {
      bundle: facts.app ?? '',
      ver: facts.app_version ?? '',
      publisher: { id: 'bench' },
    },
    device: {
      ua: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile',
      ip: '198.51.100.7',
      os: OS_NAME[facts.os] ?? '',
      osv: facts.osv ?? '',
      make: facts.brand ?? '',
      model: facts.model ?? '',
      language: facts.lang ?? '',
      connectiontype: CONNECTION_TYPE[facts.network ?? 0] ?? 0,
      devicetype: 4,
      ...(ifa ? { ifa } : {}),
      geo: { country: facts.country ?? '' },
    },
    user: { id: facts.uid ?? '' },
    at: 1,
    tmax: 500,
    cur: ['USD'],
  });
}
