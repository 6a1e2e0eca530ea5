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
