/**
 * Partner bids checked before they enter our auction (issue 22, item 2): a bid that cannot
 * be served as it is, or that breaks the request's rules, is refused with the reason, which
 * the partner's fate shows (a call whose every bid is refused is an error in its health).
 * The floor is the auction's to hold: a bid under it loses with loss code 100 (engine.ts).
 */
import type { Bid, BidRequest, Imp } from '@adloom/domain';

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

/** Why this bid cannot enter our auction; null when it can. */
export function bidProblem(bid: Bid, request: BidRequest): string | null {
  const imp = request.imp.find((candidate) => candidate.id === bid.impid);
  if (!imp) return `names impid "${bid.impid}", which the request does not have`;
  if (!(bid.price > 0)) return 'has no price above 0';
  if (!bid.crid?.trim()) return 'has no creative id (crid)';
  if (!bid.adm?.trim()) return 'has no markup (adm); markup on the win notice is not taken';
  const object = bid.mtype === undefined ? undefined : MTYPE_OBJECT[bid.mtype];
  // Our SDK's size-unlimited slot of any ad form goes out as a bare `banner: {}`: any type fits.
  const anyForm =
    imp.banner !== undefined &&
    bannerSizes(imp).length === 0 &&
    !imp.video &&
    !imp.native &&
    !imp.audio;
  if (bid.mtype !== undefined && !anyForm && (!object || imp[object] === undefined)) {
    return `is markup type ${bid.mtype}, which the impression does not ask for`;
  }
  const sizes = bannerSizes(imp);
  const bannerBid = object === 'banner' || (object === undefined && imp.banner && !imp.video);
  if (bannerBid && bid.w && bid.h && sizes.length > 0) {
    if (!sizes.some((size) => size.w === bid.w && size.h === bid.h)) {
      return `is ${bid.w}×${bid.h}, not a size the impression lists`;
    }
  }
  if (imp.secure === 1 && /\bsrc\s*=\s*["']?http:\/\//i.test(bid.adm)) {
    return 'loads insecure (http) resources on a secure impression';
  }
  const blockedDomains = new Set(strings(request.badv).map((domain) => domain.toLowerCase()));
  const domain = (bid.adomain ?? []).find((item) => blockedDomains.has(item.toLowerCase()));
  if (domain) return `advertises ${domain}, which the request blocks (badv)`;
  const blockedCategories = new Set(strings(request.bcat));
  const category = strings((bid as { cat?: unknown }).cat).find((item) =>
    blockedCategories.has(item),
  );
  if (category) return `is in category ${category}, which the request blocks (bcat)`;
  return null;
}
