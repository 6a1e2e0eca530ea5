/**
 * Which upstream partner, if any, a request goes to (docs/decisions/supply.md, SSP
 * strategies): the slot's first strategy whose triggers all match takes the request, and a
 * draw in 0-999 walks its allocations by cumulative permille. Whatever no active partner
 * can take — the remainder, an inactive or unknown partner's share, a partner that does not
 * buy the slot's ad form — stays with our own DSP.
 */
import { AdForm, RejectReason, SimpleStatus } from '@adloom/domain';
import { firstFailingRule } from '../rules.js';
import type {
  DspConfig,
  PartnerFate,
  ServeRequest,
  Snapshot,
  SspStrategyConfig,
} from '../types.js';

/** A draw is uniform in 0-999: one per permille. */
export const DRAW_RANGE = 1000;

export interface PartnerAllocation {
  dsp: DspConfig;
  permille: number;
}

/** The slot's strategy for this request: the first (in priority order) whose triggers all match. */
export function chooseSspStrategy(
  snapshot: Snapshot,
  request: ServeRequest,
): SspStrategyConfig | null {
  const strategies = snapshot.sspStrategiesBySlot.get(request.slotId);
  if (!strategies) return null;
  for (const strategy of strategies) {
    if (strategy.status !== SimpleStatus.active) continue;
    if (!firstFailingRule(strategy.triggers, request)) return strategy;
  }
  return null;
}

/**
 * The ad form a partner is offered on a slot: an "unlimited" slot is offered as a banner,
 * as the integration snippet does (serving.ts), so only partners buying banners (or any
 * form) take its traffic.
 */
function offeredForm(adForm: number): number {
  return adForm === AdForm.unlimited ? AdForm.banner : adForm;
}

/** Why a partner cannot take a share it was allocated; null when it can. */
function unfitness(dsp: DspConfig | undefined, slotForm: number | undefined): string | null {
  if (!dsp) return 'Unknown partner: its share goes to our own DSP';
  if (dsp.status !== SimpleStatus.active) return 'Inactive: its share goes to our own DSP';
  if (slotForm === undefined) return 'Unknown slot: its share goes to our own DSP';
  if (dsp.slotType !== AdForm.unlimited && dsp.slotType !== offeredForm(slotForm)) {
    return (
      `Buys ${AdForm.label(dsp.slotType, 'en')}, the slot is ` +
      `${AdForm.label(slotForm, 'en')}: its share goes to our own DSP`
    );
  }
  return null;
}

/**
 * The partner the draw (0-999) lands on: allocations are walked in their saved order by
 * cumulative permille, so allocations [300, 200] take draws 0-299 and 300-499. A draw past
 * the sum, or on a partner that cannot take it, stays with our own DSP (null).
 */
export function allocatePartner(
  strategy: SspStrategyConfig,
  snapshot: Snapshot,
  draw: number,
): PartnerAllocation | null {
  let upTo = 0;
  for (const allocation of strategy.allocations) {
    upTo += allocation.permille;
    if (draw >= upTo) continue;
    const dsp = snapshot.dsps.get(allocation.dspId);
    const slotForm = snapshot.slots.get(strategy.slotId)?.adForm;
    if (!dsp || unfitness(dsp, slotForm) !== null) return null;
    return { dsp, permille: allocation.permille };
  }
  return null;
}

/**
 * The fate of every allocated partner, in saved order, for the diagnosis. The chosen
 * partner's entry is `chosenFate` when given (what calling it gave, see callPartner), else
 * a placeholder saying it was drawn but not called, which serving replaces with the call's
 * fate by dspId; every other partner was not sent this request (partnerNotAllocated), with
 * the reason when it could not have taken it anyway.
 */
export function partnerFates(
  strategy: SspStrategyConfig,
  snapshot: Snapshot,
  chosen: PartnerAllocation | null,
  chosenFate?: PartnerFate,
): PartnerFate[] {
  const slotForm = snapshot.slots.get(strategy.slotId)?.adForm;
  const drawnTo = chosen ? `the draw went to ${chosen.dsp.name}` : 'the draw went to our own DSP';
  return strategy.allocations.map(({ dspId, permille }) => {
    if (chosen && dspId === chosen.dsp.id) {
      return (
        chosenFate ?? {
          dspId,
          permille,
          reason: RejectReason.partnerTimeout,
          detail: `Drawn (${permille}‰) but not called: no time was left in the request`,
        }
      );
    }
    const why = unfitness(snapshot.dsps.get(dspId), slotForm);
    return {
      dspId,
      permille,
      reason: RejectReason.partnerNotAllocated,
      detail: why ?? `Not drawn (${permille}‰): ${drawnTo}`,
    };
  });
}

/**
 * What a replayed request would do upstream, without drawing: each allocated partner's
 * share and the draws (0-999) that reach it, or why it cannot take them. For the diagnosis,
 * which must not call anyone.
 */
export function partnerShares(strategy: SspStrategyConfig, snapshot: Snapshot): PartnerFate[] {
  const slotForm = snapshot.slots.get(strategy.slotId)?.adForm;
  let from = 0;
  return strategy.allocations.map(({ dspId, permille }) => {
    const draws = permille > 0 ? `draws ${from}-${from + permille - 1}` : 'no draws';
    from += permille;
    const why = unfitness(snapshot.dsps.get(dspId), slotForm);
    return {
      dspId,
      permille,
      reason: RejectReason.partnerNotAllocated,
      detail: why ?? `Would be called for ${permille}‰ of these requests (${draws} of 0-999)`,
    };
  });
}
