/**
 * Reading a diagnosis: the order candidates are listed in (the winner, then the outbid,
 * then each eligibility rule in the order the engine checks them), the colour of each
 * reason by the family of rules it belongs to, the filters and the winner.
 */
import {
  NoFillReason,
  RejectReason,
  type CandidateFate,
  type Diagnosis,
  type NoFillReasonValue,
  type RejectReasonValue,
} from '@adloom/domain';

/** Tag colours by rule family, so a long table reads at a glance; exhaustive by type. */
export const REASON_COLORS: Readonly<Record<RejectReasonValue, string>> = {
  served: 'green',
  outbid: 'gold',
  slotInactive: 'magenta',
  mediaInactive: 'magenta',
  slotCountry: 'magenta',
  planNotLive: 'volcano',
  planNotStarted: 'volcano',
  planEnded: 'volcano',
  planSchedule: 'volcano',
  planBudget: 'volcano',
  advertiserBalance: 'volcano',
  strategyInactive: 'orange',
  targeting: 'orange',
  language: 'orange',
  frequencyDaily: 'orange',
  frequencyInterval: 'orange',
  creativeNotApproved: 'purple',
  creativeInactive: 'purple',
  creativeStyle: 'purple',
  creativeSize: 'purple',
  creativeOs: 'purple',
  bidBelowFloor: 'red',
  partnerNotAllocated: 'default',
  partnerNoBid: 'blue',
  partnerTimeout: 'blue',
  partnerError: 'blue',
};

export function reasonColor(reason: string): string {
  return RejectReason.has(reason) ? REASON_COLORS[reason] : 'default';
}

// RejectReason lists served, outbid, then the rules in the order they are checked.
const REASON_RANK = new Map<string, number>(
  RejectReason.values.map((reason, index) => [reason, index]),
);

function rankOf(reason: string): number {
  return REASON_RANK.get(reason) ?? REASON_RANK.size;
}

/** Served first, then outbid, then rejections by rule; higher eCPM first within each. */
export function compareCandidates(a: CandidateFate, b: CandidateFate): number {
  return (
    rankOf(a.reason) - rankOf(b.reason) ||
    b.ecpm - a.ecpm ||
    a.plan_id - b.plan_id ||
    a.strategy_id - b.strategy_id ||
    a.creative_id - b.creative_id
  );
}

export function sortCandidates(candidates: readonly CandidateFate[]): CandidateFate[] {
  return [...candidates].sort(compareCandidates);
}

export interface CandidateFilter {
  /** Empty: every reason. */
  reasons: readonly string[];
  planId?: number | undefined;
}

export function filterCandidates(
  candidates: readonly CandidateFate[],
  { reasons, planId }: CandidateFilter,
): CandidateFate[] {
  return candidates.filter(
    (candidate) =>
      (reasons.length === 0 || reasons.includes(candidate.reason)) &&
      (planId === undefined || candidate.plan_id === planId),
  );
}

/** The reasons present, in table order, with how many candidates have each. */
export function reasonCounts(
  candidates: readonly CandidateFate[],
): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const candidate of candidates) {
    counts.set(candidate.reason, (counts.get(candidate.reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => rankOf(a.reason) - rankOf(b.reason));
}

/** The plans present, once each, by name. */
export function plansOf(candidates: readonly CandidateFate[]): { id: number; name: string }[] {
  const plans = new Map<number, string>();
  for (const candidate of candidates) plans.set(candidate.plan_id, candidate.plan_name);
  return [...plans]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export type Winner =
  | { kind: 'own'; candidate: CandidateFate }
  | { kind: 'partner'; partner: Diagnosis['partners'][number] };

/** Who served: one of our candidates or an upstream partner; null on no fill. */
export function winnerOf(diagnosis: Diagnosis): Winner | null {
  if (diagnosis.no_fill_reason !== null) return null;
  const candidate = diagnosis.candidates.find((fate) => fate.reason === RejectReason.served);
  if (candidate) return { kind: 'own', candidate };
  const partner = diagnosis.partners.find((fate) => fate.reason === RejectReason.served);
  return partner ? { kind: 'partner', partner } : null;
}

/** No-fill reasons that stop a request before any plan is looked at. */
const SLOT_LEVEL: ReadonlySet<NoFillReasonValue> = new Set([
  NoFillReason.unknownSlot,
  NoFillReason.slotInactive,
  NoFillReason.mediaInactive,
  NoFillReason.slotCountry,
]);

export function stoppedAtSlot(diagnosis: Pick<Diagnosis, 'no_fill_reason'>): boolean {
  const reason = diagnosis.no_fill_reason;
  return reason !== null && NoFillReason.has(reason) && SLOT_LEVEL.has(reason);
}
