/**
 * The own DSP's inventory (`/dsp/openrtb2`): an exchange's impression is no slot of ours, so
 * it is decided against one slot-like stand-in per snapshot that takes every style and size,
 * has no floor or country list of its own, and is active. What the impression takes (media
 * types, sizes, native assets, video constraints) is the request's fit (openrtb/imp.ts); the
 * request's floor is its own. Strategies that include special slots never match it.
 */
import type { ServeRequest, SlotConfig, Snapshot } from '../types.js';

/** Id of the stand-in: no slot has it (ids start at 1), and stats count exchange sales on it. */
export const EXCHANGE_SLOT_ID = 0;

const exchangeSlots = new WeakMap<Snapshot, SlotConfig>();

export function exchangeSlotOf(snapshot: Snapshot): SlotConfig {
  let slot = exchangeSlots.get(snapshot);
  if (!slot) {
    slot = {
      id: EXCHANGE_SLOT_ID,
      name: 'exchange',
      status: 0,
      mediaId: 0,
      mediaName: '',
      mediaStatus: 0,
      mediaOwnerId: 0,
      mediaOs: 0,
      mediaBundle: '',
      lowestBid: 0,
      auctionType: 2,
      styleIds: new Set(snapshot.strategiesByStyle.keys()),
      adForm: 0,
      countries: new Set(),
      width: 0,
      height: 0,
    };
    exchangeSlots.set(snapshot, slot);
  }
  return slot;
}

/** The slot a request is decided on: its own, or the exchange stand-in for the own DSP. */
export function slotOf(snapshot: Snapshot, request: ServeRequest): SlotConfig | undefined {
  return request.channel === 'dsp' ? exchangeSlotOf(snapshot) : snapshot.slots.get(request.slotId);
}
