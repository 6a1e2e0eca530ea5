/**
 * Adloom as a Prebid Server: the bidder code publishers configure in Prebid.js, the user sync
 * endpoints in Prebid Server's formats and the user id cookie they set
 * (docs/decisions/openrtb-entry.md).
 */
import { OPENRTB_AUCTION_PATH, slotReference, type ServingSlot } from './serving.js';

/** The bidder code Adloom answers to (`imp.ext.prebid.bidder.adloom`, seat `adloom`). */
export const ADLOOM_BIDDER = 'adloom';

/** Prebid Server's user sync endpoints: which bidders to sync, and the sync itself. */
export const COOKIE_SYNC_PATH = '/cookie_sync';
export const SETUID_PATH = '/setuid';

/** Our own id of a browser, set by a user sync; frequency caps count on it. */
export const USER_ID_COOKIE = 'adloom_uid';
/** How long the user id cookie lives. */
export const USER_ID_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** A user id we take from a sync: printable, cookie-safe and short. */
export const USER_ID_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;

/** The size a Prebid ad unit asks for: the slot's, else a medium rectangle as an example. */
function exampleSize(slot: Pick<ServingSlot, 'width' | 'height'>): [number, number] {
  return slot.width > 0 && slot.height > 0 ? [slot.width, slot.height] : [300, 250];
}

/**
 * The Prebid.js set-up that puts a slot on a publisher's page with Adloom as its Prebid
 * Server (prebidServerBidAdapter in s2s mode); `origin` is where Adloom answers.
 */
export function prebidSnippet(
  origin: string,
  slot: Pick<ServingSlot, 'id' | 'code' | 'width' | 'height'>,
  timeoutMs = 1000,
): string {
  const base = origin.replace(/\/+$/, '');
  const config = {
    s2sConfig: [
      {
        accountId: '1',
        bidders: [ADLOOM_BIDDER],
        adapter: 'prebidServer',
        enabled: true,
        endpoint: `${base}${OPENRTB_AUCTION_PATH}`,
        syncEndpoint: `${base}${COOKIE_SYNC_PATH}`,
        timeout: timeoutMs,
      },
    ],
  };
  const adUnit = {
    code: `adloom-slot-${slot.id}`,
    mediaTypes: { banner: { sizes: [exampleSize(slot)] } },
    bids: [{ bidder: ADLOOM_BIDDER, params: { slot: slotReference(slot) } }],
  };
  return [
    `pbjs.setConfig(${JSON.stringify(config, null, 2)});`,
    `pbjs.addAdUnits([${JSON.stringify(adUnit, null, 2)}]);`,
  ].join('\n');
}
