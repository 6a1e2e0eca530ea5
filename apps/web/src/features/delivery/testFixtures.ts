/** Diagnoses for the delivery tests: a served request with every kind of fate. */
import type { CandidateFate, Diagnosis } from '@adloom/domain';

export function candidateFate(
  plan: [number, string],
  creative: [number, string],
  ecpm: number,
  reason: string,
  detail = '',
): CandidateFate {
  return {
    plan_id: plan[0],
    plan_name: plan[1],
    strategy_id: plan[0] * 10,
    strategy_name: `${plan[1]} strategy`,
    creative_id: creative[0],
    creative_name: creative[1],
    ecpm,
    reason,
    detail,
  };
}

/** Served by Launch at 1.51 per mille; one outbid, two rejections, two partners, 3 hidden. */
export const servedDiagnosis: Diagnosis = {
  slot_id: 9,
  slot_name: 'Home banner',
  media_name: 'News app',
  lowest_bid: 500_000,
  at: '2026-11-20T08:30:00.000Z',
  no_fill_reason: null,
  price: 1_510_000,
  ssp_strategy: { id: 4, name: 'Weekend split' },
  candidates: [
    candidateFate(
      [3, 'Night owls'],
      [0, ''],
      0,
      'planSchedule',
      'Hour 8 of Friday is not scheduled',
    ),
    candidateFate([2, 'Spring sale'], [21, 'Banner B'], 1_500_000, 'outbid'),
    candidateFate([1, 'Launch'], [11, 'Banner A'], 2_000_000, 'served'),
    candidateFate([4, 'Cheap'], [41, 'Banner C'], 100_000, 'bidBelowFloor'),
  ],
  partners: [
    { dsp_id: 7, dsp_name: 'Acme', permille: 600, reason: 'partnerNoBid', detail: 'HTTP 204' },
    { dsp_id: 8, dsp_name: 'Beta', permille: 300, reason: 'partnerNotAllocated', detail: '' },
  ],
  hidden_candidates: 3,
};

/** No plan could take the request. */
export const noFillDiagnosis: Diagnosis = {
  ...servedDiagnosis,
  no_fill_reason: 'noCandidate',
  price: 0,
  ssp_strategy: null,
  candidates: [],
  partners: [],
  hidden_candidates: 0,
};
