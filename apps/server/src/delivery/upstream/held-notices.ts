/**
 * A partner's win and billing notices of an ad sold in an OpenRTB caller's second-price
 * auction: what the partner pays is only known when the caller's billing notice names the
 * final price, so its nurl and burl are kept (in the billing notice store, under the ad's
 * token id) with every macro but the price, and filled and fired then, once
 * (docs/decisions/partner-pricing.md).
 */
import { fillAuctionMacros, LOSS_REASON, type AuctionMacroValues } from './macros.js';

interface HeldNotices {
  urls: string[];
  /** The macros known when the ad was answered (ids, currency); MBR and price come later. */
  macros: AuctionMacroValues;
  /** The partner's bid, US dollar micros per mille: MBR is the price over it. */
  bid: number;
}

/** The notices as kept in the store (JSON text); undefined when the partner gave none. */
export function heldNoticesText(
  urls: readonly (string | undefined)[],
  macros: AuctionMacroValues,
  bid: number,
): string | undefined {
  const kept = urls.filter((url): url is string => Boolean(url));
  if (kept.length === 0) return undefined;
  const { mbr: _mbr, ...known } = macros;
  const held: HeldNotices = { urls: kept, macros: known, bid };
  return JSON.stringify(held);
}

/** The kept notices filled with what the partner pays (US dollar micros per mille). */
export function filledHeldNotices(text: string, paid: number): string[] {
  let held: HeldNotices;
  try {
    held = JSON.parse(text) as HeldNotices;
  } catch {
    return [];
  }
  if (!Array.isArray(held.urls)) return [];
  const macros: AuctionMacroValues = {
    ...held.macros,
    ...(held.bid > 0 ? { mbr: paid / held.bid } : {}),
    loss: LOSS_REASON.won,
  };
  return held.urls.map((url) => fillAuctionMacros(url, paid, macros));
}

/**
 * What a bid answered to an OpenRTB caller keeps for the caller's loss notice, under
 * `lossKey(token id)`: a partner's lurl with the macros known when the ad was answered, its
 * bid and our offer (US dollar micros per mille: a caller's price is the partner's times
 * bid / offer); an own bid keeps no URL, only the mark that its loss is still to be counted.
 */
interface HeldLoss {
  url?: string;
  macros?: AuctionMacroValues;
  bid?: number;
  offer?: number;
}

export const lossKey = (tokenId: string): string => `loss:${tokenId}`;

export function heldLossText(partner?: {
  url: string;
  macros: AuctionMacroValues;
  bid: number;
  offer: number;
}): string {
  if (!partner) return '{}';
  const { mbr: _mbr, loss: _loss, ...known } = partner.macros;
  const held: HeldLoss = {
    url: partner.url,
    macros: known,
    bid: partner.bid,
    offer: partner.offer,
  };
  return JSON.stringify(held);
}

/** The caller's loss notice as it names it: its reason and prices (US dollar micros per mille). */
export interface CallerLoss {
  reason: number;
  price?: number;
  minToWin?: number;
}

/**
 * The kept partner lurl filled with the caller's loss, its prices in the partner's terms;
 * undefined for an own bid's mark (or text that does not read).
 */
export function filledHeldLoss(text: string, loss: CallerLoss): string | undefined {
  let held: HeldLoss;
  try {
    held = JSON.parse(text) as HeldLoss;
  } catch {
    return undefined;
  }
  if (typeof held.url !== 'string' || !held.url) return undefined;
  const bid = held.bid ?? 0;
  const offer = held.offer ?? 0;
  const inPartnerTerms = (micros: number) =>
    bid > 0 && offer > 0 ? Math.round((micros * bid) / offer) : micros;
  const minToWin = loss.minToWin === undefined ? undefined : inPartnerTerms(loss.minToWin);
  return fillAuctionMacros(held.url, loss.price === undefined ? 0 : inPartnerTerms(loss.price), {
    ...held.macros,
    loss: loss.reason,
    ...(minToWin === undefined ? {} : { minToWin }),
  });
}
