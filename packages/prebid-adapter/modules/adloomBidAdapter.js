/**
 * Adloom's Prebid.js bid adapter (client side). Written as a Prebid.js module — the imports
 * are Prebid's own (`../src/…`, `../libraries/…`), as in Prebid's modules/ folder — so it can
 * be bundled with the `prebid.js` npm package (see adloomBidAdapter.md) or put into Prebid's
 * repository as it is.
 *
 * One OpenRTB 2.6 request per Adloom server and auction, every ad unit an impression (banner,
 * native, video), to the server's /openrtb2/auction; the slot is named in `imp.tagid` and in
 * `imp.ext.adloom.slot`. Consent (TCF, US privacy, GPP), the supply chain, user ids (eids) and
 * first-party data travel in the request as Prebid puts them in `ortb2` (regs, user, source).
 */
import { registerBidder } from '../src/adapters/bidderFactory.js';
import { config } from '../src/config.js';
import { BANNER, NATIVE, VIDEO } from '../src/mediaTypes.js';
import {
  deepSetValue,
  isFn,
  isPlainObject,
  logWarn,
  replaceAuctionPrice,
  triggerPixel,
} from '../src/utils.js';
import { ortbConverter } from '../libraries/ortbConverter/converter.js';

export const BIDDER_CODE = 'adloom';
/** Adloom's OpenRTB entry and user sync paths, appended to the server's origin. */
export const AUCTION_PATH = '/openrtb2/auction';
export const SETUID_PATH = '/setuid';
/** Adloom prices in US dollars; floors are asked for in them. */
const CURRENCY = 'USD';
/** Seconds a bid stays usable when the bid sets no `exp`. */
const DEFAULT_TTL_SECONDS = 300;

/** The Adloom server's origin: the bid's `endpoint` parameter, else `adloom.endpoint` in config. */
function endpointOf(bidRequest) {
  const endpoint = bidRequest.params?.endpoint ?? config.getConfig('adloom.endpoint');
  if (typeof endpoint !== 'string' || !/^https?:\/\/[^/?#]+/i.test(endpoint)) return null;
  return endpoint.replace(/\/+$/, '');
}

/** A slot id (digits) or a slot code (free text an operator sets on the slot) as text. */
function slotOf(bidRequest) {
  const slot = bidRequest.params?.slot;
  if (typeof slot === 'string' && slot.trim() !== '') return slot;
  if (typeof slot === 'number' && Number.isSafeInteger(slot) && slot > 0) return String(slot);
  return null;
}

/** The ad unit's floor in dollars from the Price Floors module (getFloor), when it gives one. */
function floorOf(bidRequest) {
  if (!isFn(bidRequest.getFloor)) return null;
  try {
    const floor = bidRequest.getFloor({ currency: CURRENCY, mediaType: '*', size: '*' });
    if (
      isPlainObject(floor) &&
      floor.currency === CURRENCY &&
      Number.isFinite(floor.floor) &&
      floor.floor > 0
    ) {
      return floor.floor;
    }
  } catch (error) {
    logWarn(`${BIDDER_CODE}: getFloor failed`, error);
  }
  return null;
}

const setIfAbsent = (target, path, value) => {
  const [head, key] = path.split('.');
  if (value === undefined || value === null || value === '') return;
  if (target[head]?.[key] === undefined) deepSetValue(target, path, value);
};

/**
 * Consent, the supply chain and user ids in the OpenRTB 2.6 fields, from what the consent
 * modules and the user id module gave the bidder request (Prebid's first-party data carries
 * them in the 2.5 `ext` places, which are kept as they are).
 */
function withPrivacy(request, bidderRequest, bidRequests) {
  const gdpr = bidderRequest.gdprConsent;
  if (gdpr) {
    if (typeof gdpr.gdprApplies === 'boolean')
      setIfAbsent(request, 'regs.gdpr', gdpr.gdprApplies ? 1 : 0);
    setIfAbsent(request, 'user.consent', gdpr.consentString);
  }
  setIfAbsent(request, 'regs.us_privacy', bidderRequest.uspConsent);
  const gpp = bidderRequest.gppConsent;
  if (gpp?.gppString) {
    setIfAbsent(request, 'regs.gpp', gpp.gppString);
    setIfAbsent(request, 'regs.gpp_sid', gpp.applicableSections);
  }
  const schain = request.source?.ext?.schain ?? bidRequests[0]?.ortb2?.source?.ext?.schain;
  setIfAbsent(request, 'source.schain', schain);
  const eids = request.user?.ext?.eids ?? bidRequests[0]?.userIdAsEids;
  if (Array.isArray(eids) && eids.length > 0) setIfAbsent(request, 'user.eids', eids);
}

const converter = ortbConverter({
  context: {
    netRevenue: true,
    ttl: DEFAULT_TTL_SECONDS,
    currency: CURRENCY,
  },
  imp(buildImp, bidRequest, context) {
    const imp = buildImp(bidRequest, context);
    const slot = slotOf(bidRequest);
    imp.tagid = slot;
    deepSetValue(imp, `ext.${BIDDER_CODE}.slot`, slot);
    // The Price Floors module fills bidfloor itself when it is installed; else ask getFloor.
    if (imp.bidfloor === undefined) {
      const floor = floorOf(bidRequest);
      if (floor !== null) {
        imp.bidfloor = floor;
        imp.bidfloorcur = CURRENCY;
      }
    }
    return imp;
  },
  request(buildRequest, imps, bidderRequest, context) {
    const request = buildRequest(imps, bidderRequest, context);
    request.cur = [CURRENCY];
    withPrivacy(request, bidderRequest, context.bidRequests);
    return request;
  },
  bidResponse(buildBidResponse, bid, context) {
    const bidResponse = buildBidResponse(bid, context);
    // Kept for onBidWon: Adloom's win notice is fired when Prebid's winner is this bid.
    if (bid.nurl) bidResponse.nurl = bid.nurl;
    return bidResponse;
  },
  overrides: {
    bidResponse: {
      // The markup as it is: `nurl` is a win notice (fired by onBidWon), never the ad itself.
      banner(fillBanner, bidResponse, bid, context) {
        fillBanner(bidResponse, { ...bid, nurl: undefined }, context);
      },
      video(fillVideo, bidResponse, bid, context) {
        fillVideo(bidResponse, { ...bid, nurl: undefined }, context);
      },
    },
  },
});

function isBidRequestValid(bidRequest) {
  if (slotOf(bidRequest) === null) {
    logWarn(`${BIDDER_CODE}: params.slot (an Adloom slot id or slot code) is required`);
    return false;
  }
  if (endpointOf(bidRequest) === null) {
    logWarn(`${BIDDER_CODE}: params.endpoint (the Adloom server, https://…) is required`);
    return false;
  }
  return true;
}

/** The Adloom servers this page has asked for bids: the ones its user syncs go to. */
const askedEndpoints = new Set();

/** One request per Adloom server (a page normally names one), every ad unit an impression. */
function buildRequests(bidRequests, bidderRequest) {
  const byEndpoint = new Map();
  for (const bidRequest of bidRequests) {
    const endpoint = endpointOf(bidRequest);
    askedEndpoints.add(endpoint);
    if (!byEndpoint.has(endpoint)) byEndpoint.set(endpoint, []);
    byEndpoint.get(endpoint).push(bidRequest);
  }
  return [...byEndpoint].map(([endpoint, requests]) => ({
    method: 'POST',
    url: `${endpoint}${AUCTION_PATH}`,
    data: converter.toORTB({ bidRequests: requests, bidderRequest }),
    // Adloom's user id cookie (set by the user sync) counts frequency caps.
    options: { withCredentials: true },
  }));
}

function interpretResponse(serverResponse, request) {
  // 204 or an empty answer: no bid.
  if (!isPlainObject(serverResponse?.body) || !Array.isArray(serverResponse.body.seatbid))
    return [];
  return converter.fromORTB({ request: request.data, response: serverResponse.body }).bids;
}

/** A sync pixel (or frame) on the Adloom server that bid: it sets Adloom's user id cookie. */
function getUserSyncs(syncOptions, _serverResponses, gdprConsent, uspConsent, gppConsent) {
  const type = syncOptions.pixelEnabled ? 'image' : syncOptions.iframeEnabled ? 'iframe' : null;
  if (!type) return [];
  const endpoints = new Set(askedEndpoints);
  const configured = endpointOf({});
  if (configured) endpoints.add(configured);
  const query = new URLSearchParams({ bidder: BIDDER_CODE, f: type === 'image' ? 'i' : 'b' });
  if (gdprConsent) {
    if (typeof gdprConsent.gdprApplies === 'boolean')
      query.set('gdpr', gdprConsent.gdprApplies ? '1' : '0');
    if (gdprConsent.consentString) query.set('gdpr_consent', gdprConsent.consentString);
  }
  if (uspConsent) query.set('us_privacy', uspConsent);
  if (gppConsent?.gppString) {
    query.set('gpp', gppConsent.gppString);
    query.set('gpp_sid', (gppConsent.applicableSections ?? []).join(','));
  }
  return [...endpoints].map((endpoint) => ({ type, url: `${endpoint}${SETUID_PATH}?${query}` }));
}

/** Adloom's (or its demand partner's) win notice, with the price the auction cleared at. */
function onBidWon(bid) {
  if (typeof bid.nurl === 'string' && bid.nurl !== '') {
    triggerPixel(replaceAuctionPrice(bid.nurl, bid.originalCpm ?? bid.cpm));
  }
}

export const spec = {
  code: BIDDER_CODE,
  supportedMediaTypes: [BANNER, NATIVE, VIDEO],
  isBidRequestValid,
  buildRequests,
  interpretResponse,
  getUserSyncs,
  onBidWon,
};

registerBidder(spec);
