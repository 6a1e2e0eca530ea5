/**
 * OpenRTB 2.6 §4.4 substitution macros in a partner's nurl, burl, lurl or adm: the clearing
 * price and the auction's ids are filled in when we notify or render a win.
 */
import { MICROS_PER_UNIT, SERVING_CURRENCY } from '@adloom/domain';

export interface AuctionMacroValues {
  /** ${AUCTION_ID}: the BidRequest id. */
  auctionId?: string;
  /** ${AUCTION_IMP_ID}. */
  impId?: string;
  /** ${AUCTION_BID_ID}: the partner's BidResponse.bidid. */
  bidId?: string;
  /** ${AUCTION_SEAT_ID}. */
  seatId?: string;
  /** ${AUCTION_AD_ID}: the bid's adid. */
  adId?: string;
  /** ${AUCTION_CURRENCY}; USD when not given. */
  currency?: string;
  /**
   * The currency's rate (units per US dollar in millionths) when prices are to be told in it:
   * ${AUCTION_PRICE} and ${AUCTION_MIN_TO_WIN} are then converted from US dollar micros.
   */
  perUsdMicros?: number;
  /** ${AUCTION_MBR}: the market bid ratio, clearing price / bid price. */
  mbr?: number;
  /** ${AUCTION_LOSS}: the OpenRTB loss reason code (0 = won). */
  loss?: number;
  /** ${AUCTION_MIN_TO_WIN}: the price that would have won, micros per mille. */
  minToWin?: number;
}

/** OpenRTB 2.6 List: Loss Reason Codes — the ones our auction gives. */
export const LOSS_REASON = { won: 0, belowFloor: 100, outbid: 102 } as const;

/** Micros as a plain decimal of currency units ("1.125", "0.01", "3"), never an exponent. */
export function unitsText(micros: number): string {
  const whole = Math.trunc(Math.round(micros) / MICROS_PER_UNIT);
  const fraction = Math.abs(Math.round(micros) % MICROS_PER_UNIT);
  const sign = micros < 0 && whole === 0 ? '-' : '';
  const decimals = String(fraction).padStart(6, '0').replace(/0+$/, '');
  return `${sign}${whole}${decimals ? `.${decimals}` : ''}`;
}

const MACRO = /\$\{(AUCTION_[A-Z_]+)\}/g;

/**
 * Replaces ${AUCTION_PRICE} (currency units per mille, as OpenRTB prices are) and the id and
 * currency macros. Ids are URL-encoded, since the macros mostly sit in URLs; a macro we
 * have no value for (an id the partner did not give) is left as it is.
 */
export function fillAuctionMacros(
  text: string,
  priceMicros: number,
  extra: AuctionMacroValues = {},
): string {
  if (!text.includes('${AUCTION_')) return text;
  const rate = extra.perUsdMicros;
  const told = (micros: number) =>
    rate === undefined ? micros : Number((BigInt(Math.round(micros)) * BigInt(rate)) / 1_000_000n);
  const values: Record<string, string | undefined> = {
    AUCTION_PRICE: unitsText(told(priceMicros)),
    AUCTION_CURRENCY: extra.currency ?? SERVING_CURRENCY,
    AUCTION_ID: extra.auctionId,
    AUCTION_IMP_ID: extra.impId,
    AUCTION_BID_ID: extra.bidId,
    AUCTION_SEAT_ID: extra.seatId,
    AUCTION_AD_ID: extra.adId,
    AUCTION_MBR: extra.mbr === undefined ? undefined : String(Math.round(extra.mbr * 1e4) / 1e4),
    AUCTION_LOSS: extra.loss === undefined ? undefined : String(extra.loss),
    AUCTION_MIN_TO_WIN: extra.minToWin === undefined ? undefined : unitsText(told(extra.minToWin)),
  };
  return text.replace(MACRO, (macro, name: string) => {
    const value = values[name];
    return value === undefined ? macro : encodeURIComponent(value);
  });
}

/** A price as an OpenRTB macro sends it (currency units per mille) → micros per mille. */
export function parseMacroPrice(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,7}(\.\d{1,9})?$/.test(text.trim())) return undefined;
  return Math.round(Number(text) * 1_000_000);
}
