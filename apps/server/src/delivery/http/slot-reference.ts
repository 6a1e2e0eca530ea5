/**
 * Which of our slots an OpenRTB impression is for. Prebid.js puts the bidder's parameters in
 * `imp.ext.prebid.bidder.adloom`, a direct integration in `imp.ext.adloom`; either names the
 * slot as `slot`, else `imp.tagid` does. The name is a slot's code (free text an operator sets
 * on the slot) or its id, written strictly.
 */
import { ADLOOM_BIDDER, type Imp } from '@adloom/domain';

/**
 * An id written as digits only, without a leading zero, within the safe integers: "7" is 7;
 * "07", "0x7", "7e0", "7.0", " 7 " and "" are no id (Number() would take all but the first).
 */
export function strictId(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `slot` parameter as text: a string as it is, an integer in digits; anything else none. */
function slotParameter(params: unknown): string | undefined {
  if (!isRecord(params)) return undefined;
  const slot = params.slot;
  if (typeof slot === 'string') return slot;
  if (typeof slot === 'number' && Number.isSafeInteger(slot)) return String(slot);
  return undefined;
}

/** The slot an impression names: the bidder parameters' `slot` first, then `tagid`. */
export function slotReferenceOf(imp: Imp): string | undefined {
  const ext = isRecord(imp.ext) ? imp.ext : undefined;
  const prebid = ext && isRecord(ext.prebid) ? ext.prebid : undefined;
  const bidders = prebid && isRecord(prebid.bidder) ? prebid.bidder : undefined;
  return (
    slotParameter(bidders?.[ADLOOM_BIDDER]) ?? slotParameter(ext?.[ADLOOM_BIDDER]) ?? imp.tagid
  );
}

/**
 * The slot id a reference names: a slot whose code it is (an operator's explicit choice),
 * else the id it strictly spells.
 */
export function slotIdOf(
  reference: string | undefined,
  slotIdsByCode: ReadonlyMap<string, number>,
): number | undefined {
  if (reference === undefined || reference === '') return undefined;
  return slotIdsByCode.get(reference) ?? strictId(reference);
}
