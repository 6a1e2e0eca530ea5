/**
 * Partner bids checked before they enter our auction (issue 22, item 2): a bid that cannot
 * be served as it is, or that breaks the request's rules, is refused with the reason, which
 * the partner's fate shows (a call whose every bid is refused is an error in its health).
 * The floor is the auction's to hold: a bid under it loses with loss code 100 (engine.ts).
 */
import {
  SERVING_CURRENCY,
  convertible,
  normalCurrency,
  type Bid,
  type BidRejectionValue,
  type BidRequest,
  type Imp,
  type RateTable,
} from '@adloom/domain';

/** OpenRTB 2.6 markup types. */
const MTYPE_OBJECT: Readonly<Record<number, keyof Imp>> = {
  1: 'banner',
  2: 'video',
  3: 'audio',
  4: 'native',
};

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** The banner sizes an impression lists (w/h and format); empty when it names none. */
function bannerSizes(imp: Imp): { w: number; h: number }[] {
  const banner = imp.banner;
  if (!banner) return [];
  const sizes = (banner.format ?? []).flatMap((format) =>
    format.w && format.h ? [{ w: format.w, h: format.h }] : [],
  );
  if (banner.w && banner.h) sizes.push({ w: banner.w, h: banner.h });
  return sizes;
}

/** A refused bid: the reason partner health counts (BidRejection) and the fate's words. */
export interface BidRefusal {
  reason: BidRejectionValue;
  /** Follows "it": "has no price above 0". */
  text: string;
}

const refusal = (reason: BidRejectionValue, text: string): BidRefusal => ({ reason, text });

/**
 * Why an answer's currency (`cur`, US dollars when absent) cannot be taken: we convert any
 * currency the operator's rate table holds (docs/decisions/currencies.md); null when we can.
 */
export function currencyRefusal(cur: string | undefined, rates: RateTable): BidRefusal | null {
  const code = normalCurrency(cur ?? SERVING_CURRENCY);
  if (convertible(rates, code)) return null;
  return refusal('currency', `is priced in ${code}, which has no rate in the currency table`);
}

/** Why this bid cannot enter our auction; null when it can. */
export function bidProblem(bid: Bid, request: BidRequest): string | null {
  return bidRefusal(bid, request)?.text ?? null;
}

/** Why this bid cannot enter our auction, with the reason's code; null when it can. */
export function bidRefusal(bid: Bid, request: BidRequest): BidRefusal | null {
  const imp = request.imp.find((candidate) => candidate.id === bid.impid);
  if (!imp) {
    return refusal('unknownImp', `names impid "${bid.impid}", which the request does not have`);
  }
  if (!(bid.price > 0)) return refusal('noPrice', 'has no price above 0');
  if (!bid.crid?.trim()) return refusal('noCreativeId', 'has no creative id (crid)');
  if (!bid.adm?.trim()) {
    return refusal('noMarkup', 'has no markup (adm); markup on the win notice is not taken');
  }
  const object = bid.mtype === undefined ? undefined : MTYPE_OBJECT[bid.mtype];
  // Our SDK's size-unlimited slot of any ad form goes out as a bare `banner: {}`: any type fits.
  const anyForm =
    imp.banner !== undefined &&
    bannerSizes(imp).length === 0 &&
    !imp.video &&
    !imp.native &&
    !imp.audio;
  if (bid.mtype !== undefined && !anyForm && (!object || imp[object] === undefined)) {
    return refusal(
      'markupType',
      `is markup type ${bid.mtype}, which the impression does not ask for`,
    );
  }
  const sizes = bannerSizes(imp);
  const bannerBid = object === 'banner' || (object === undefined && imp.banner && !imp.video);
  if (bannerBid && bid.w && bid.h && sizes.length > 0) {
    if (!sizes.some((size) => size.w === bid.w && size.h === bid.h)) {
      return refusal('size', `is ${bid.w}×${bid.h}, not a size the impression lists`);
    }
  }
  if (imp.secure === 1 && /\bsrc\s*=\s*["']?http:\/\//i.test(bid.adm)) {
    return refusal('insecure', 'loads insecure (http) resources on a secure impression');
  }
  const blockedDomains = new Set(strings(request.badv).map((domain) => domain.toLowerCase()));
  const domain = (bid.adomain ?? []).find((item) => blockedDomains.has(item.toLowerCase()));
  if (domain) {
    return refusal('blockedAdvertiser', `advertises ${domain}, which the request blocks (badv)`);
  }
  const blockedCategories = new Set(strings(request.bcat));
  const category = strings((bid as { cat?: unknown }).cat).find((item) =>
    blockedCategories.has(item),
  );
  if (category) {
    return refusal(
      'blockedCategory',
      `is in category ${category}, which the request blocks (bcat)`,
    );
  }
  return null;
}
