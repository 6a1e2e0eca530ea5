/**
 * Which strategies a decision looks at, worked out once per snapshot (a snapshot never
 * changes, it is replaced whole) so that a request does only what depends on it.
 *
 * - The index (Snapshot.strategiesByStyle): for each style, the active strategies with a
 *   creative of it.
 * - The hot path's candidates of a slot: the strategies indexed under the slot's styles
 *   whose plan is live and that have an approved, active creative of a style and size the
 *   slot takes, each with its eCPM and one ready bid per such creative, sorted by standing
 *   (ranking.ts). Slots of the same styles and size share one list.
 * - The diagnosis walks every strategy instead, ordered by plan, so that a plan the index
 *   leaves out still gets its reason.
 */
import { PlanStatus, SimpleStatus } from '@adloom/domain';
import type {
  AdvertiserConfig,
  CreativeConfig,
  OwnBid,
  PlanConfig,
  SlotConfig,
  Snapshot,
  StrategyConfig,
} from '../types.js';
import { creativeServable, fitsSlot, styleAccepted } from './eligibility.js';
import { ecpmOf } from './pricing.js';
import { byStanding } from './ranking.js';
import { segmentMatches, type CompiledRule } from '../rules.js';

const byPlanThenId = (a: StrategyConfig, b: StrategyConfig) => a.planId - b.planId || a.id - b.id;

/**
 * Snapshot.strategiesByStyle: for each style, the active strategies with at least one
 * creative of it, the strategy's own styles (when it names any) including it. The caller
 * passes only strategies of plans that finished creation.
 */
export function indexStrategiesByStyle(
  strategies: Iterable<StrategyConfig>,
  creatives: ReadonlyMap<number, CreativeConfig>,
): Map<number, StrategyConfig[]> {
  const index = new Map<number, StrategyConfig[]>();
  for (const strategy of strategies) {
    if (strategy.status !== SimpleStatus.active) continue;
    const styles = new Set<number>();
    for (const creativeId of strategy.creativeIds) {
      const styleId = creatives.get(creativeId)?.styleId;
      if (styleId === undefined) continue;
      if (strategy.styleIds.size > 0 && !strategy.styleIds.has(styleId)) continue;
      styles.add(styleId);
    }
    for (const styleId of styles) {
      const list = index.get(styleId);
      if (list) list.push(strategy);
      else index.set(styleId, [strategy]);
    }
  }
  for (const list of index.values()) list.sort(byPlanThenId);
  return index;
}

/** A strategy as the hot path checks it: everything that no request changes, resolved. */
export interface Candidate {
  strategy: StrategyConfig;
  plan: PlanConfig;
  advertiser: AdvertiserConfig | undefined;
  /** Dense 0…planCount-1, for per-request plan verdicts kept in arrays. */
  planIndex: number;
  ecpm: number;
  /** The strategy has targeting or languages: the request must be checked against them. */
  selective: boolean;
  /**
   * Its rules on the slot (a booked placement names its slot): checked first, with the
   * languages, since slots of one shape share the list and most requests fail them at once.
   */
  slotRules: readonly CompiledRule[];
  /** One bid per approved, active creative, in the strategy's order. */
  bids: readonly OwnBid[];
}

/** A slot's candidates, sorted by standing, with the bids whose creative fits the slot. */
export interface SlotCandidates {
  candidates: readonly Candidate[];
  /** bids[i]: the bids of candidates[i] whose style and size the slot takes (never empty). */
  bids: readonly (readonly OwnBid[])[];
  /** osBound[i]: 1 when one of those creatives names an OS (the request's must be checked). */
  osBound: Uint8Array;
}

interface Prepared {
  planCount: number;
  candidates: ReadonlyMap<number, Candidate>;
  byShape: Map<string, SlotCandidates>;
  bySlot: Map<number, SlotCandidates>;
}

const preparedSnapshots = new WeakMap<Snapshot, Prepared>();
/** Each slot list's segments by `country|os`, made on first use. */
const segmentCache = new WeakMap<SlotCandidates, Map<string, SlotCandidates>>();
/** A bound on the segments kept per list (countries × OSes actually seen). */
const MAX_SEGMENTS = 2_000;
/** Each segment's subsets by request language, made on first use. */
const languageCache = new WeakMap<SlotCandidates, Map<string, SlotCandidates>>();
/** A country's traffic speaks a few languages; more are not remembered. */
const MAX_LANGUAGES_PER_SEGMENT = 8;
const diagnosisOrder = new WeakMap<Snapshot, readonly StrategyConfig[]>();

function prepare(snapshot: Snapshot): Prepared {
  let prepared = preparedSnapshots.get(snapshot);
  if (prepared) return prepared;
  const planIndex = new Map<number, number>();
  for (const planId of snapshot.plans.keys()) planIndex.set(planId, planIndex.size);
  const candidates = new Map<number, Candidate>();
  for (const strategy of snapshot.strategies.values()) {
    const plan = snapshot.plans.get(strategy.planId);
    if (!plan || plan.status !== PlanStatus.live || strategy.status !== SimpleStatus.active) {
      continue;
    }
    const ecpm = ecpmOf(plan, strategy);
    const bids: OwnBid[] = [];
    for (const creativeId of strategy.creativeIds) {
      const creative = snapshot.creatives.get(creativeId);
      if (creative && creativeServable(creative)) {
        // Shared by every request that picks it: frozen so that nobody edits it in place.
        bids.push(Object.freeze({ kind: 'own' as const, plan, strategy, creative, ecpm }));
      }
    }
    if (bids.length === 0) continue;
    candidates.set(strategy.id, {
      strategy,
      plan,
      advertiser: snapshot.advertisers.get(plan.ownerId),
      planIndex: planIndex.get(plan.id) ?? 0,
      ecpm,
      selective: strategy.targeting.length > 0 || strategy.languages.size > 0,
      slotRules: strategy.targeting.filter((rule) => rule.key === 'slot'),
      bids,
    });
  }
  prepared = { planCount: planIndex.size, candidates, byShape: new Map(), bySlot: new Map() };
  preparedSnapshots.set(snapshot, prepared);
  return prepared;
}

/** How many plans the snapshot holds (the size of per-request plan verdicts). */
export function planCountOf(snapshot: Snapshot): number {
  return prepare(snapshot).planCount;
}

/** What the candidate list of a slot depends on. */
const shapeOf = (slot: SlotConfig) =>
  `${[...slot.styleIds].sort((a, b) => a - b).join(',')}|${slot.width}x${slot.height}`;

export function slotCandidates(snapshot: Snapshot, slot: SlotConfig): SlotCandidates {
  const prepared = prepare(snapshot);
  const known = prepared.bySlot.get(slot.id);
  if (known) return known;
  const shape = shapeOf(slot);
  let built = prepared.byShape.get(shape);
  if (!built) {
    built = buildSlotCandidates(snapshot, prepared, slot);
    prepared.byShape.set(shape, built);
  }
  prepared.bySlot.set(slot.id, built);
  return built;
}

function buildSlotCandidates(
  snapshot: Snapshot,
  prepared: Prepared,
  slot: SlotConfig,
): SlotCandidates {
  const seen = new Set<number>();
  const entries: { candidate: Candidate; bids: readonly OwnBid[] }[] = [];
  for (const styleId of slot.styleIds) {
    for (const strategy of snapshot.strategiesByStyle.get(styleId) ?? []) {
      if (seen.has(strategy.id)) continue;
      seen.add(strategy.id);
      const candidate = prepared.candidates.get(strategy.id);
      if (!candidate) continue;
      const fitting = candidate.bids.filter(
        (bid) => styleAccepted(bid.creative, slot, strategy) && fitsSlot(bid.creative, slot),
      );
      if (fitting.length === 0) continue;
      entries.push({
        candidate,
        bids: fitting.length === candidate.bids.length ? candidate.bids : fitting,
      });
    }
  }
  entries.sort(
    (a, b) =>
      byStanding(a.candidate, b.candidate) || a.candidate.strategy.id - b.candidate.strategy.id,
  );
  return {
    candidates: entries.map((entry) => entry.candidate),
    bids: entries.map((entry) => entry.bids),
    osBound: Uint8Array.from(entries, (entry) =>
      entry.bids.some((bid) => bid.creative.os !== 0) ? 1 : 0,
    ),
  };
}

/**
 * The candidates of a slot list that a request of this country and OS can match at all:
 * country and OS rules are the most selective and fixed per segment, so most targeted
 * strategies never reach the per-request checks. Exact, not a heuristic — a candidate left
 * out would fail those rules on the request anyway.
 */
export function segmentOf(list: SlotCandidates, country: string, os: number): SlotCandidates {
  let segments = segmentCache.get(list);
  if (!segments) {
    segments = new Map();
    segmentCache.set(list, segments);
  }
  const key = `${country}|${os}`;
  const known = segments.get(key);
  if (known) return known;
  if (segments.size >= MAX_SEGMENTS) return list;
  const segment = subsetOf(list, (candidate) =>
    segmentMatches(candidate.strategy.targeting, country, os),
  );
  segments.set(key, segment);
  return segment;
}

/**
 * The candidates of a segment that a request in this language can match: strategies naming
 * other languages (the most common failure after country and OS) left out. A request's
 * language is not validated against a list, so a segment keeps at most a few of these; past
 * them, it answers the segment itself (bidOf checks the language first anyway).
 */
export function languageSegmentOf(segment: SlotCandidates, lang: string): SlotCandidates {
  let byLanguage = languageCache.get(segment);
  if (!byLanguage) {
    byLanguage = new Map();
    languageCache.set(segment, byLanguage);
  }
  const known = byLanguage.get(lang);
  if (known) return known;
  if (byLanguage.size >= MAX_LANGUAGES_PER_SEGMENT) return segment;
  // An unknown language ('') is in no set, as strategyRejection reads it.
  const subset = subsetOf(segment, ({ strategy }) =>
    strategy.languages.size === 0 ? true : strategy.languages.has(lang),
  );
  byLanguage.set(lang, subset);
  return subset;
}

/** The candidates of a list that pass `keep`, with their bids; the list itself if all do. */
function subsetOf(list: SlotCandidates, keep: (candidate: Candidate) => boolean): SlotCandidates {
  const kept: number[] = [];
  list.candidates.forEach((candidate, index) => {
    if (keep(candidate)) kept.push(index);
  });
  return kept.length === list.candidates.length
    ? list
    : {
        candidates: kept.map((index) => list.candidates[index] as Candidate),
        bids: kept.map((index) => list.bids[index] as readonly OwnBid[]),
        osBound: Uint8Array.from(kept, (index) => list.osBound[index] ?? 0),
      };
}

/** Every strategy of the snapshot by plan, then id: what a diagnosis walks. */
export function allStrategies(snapshot: Snapshot): readonly StrategyConfig[] {
  let list = diagnosisOrder.get(snapshot);
  if (!list) {
    list = [...snapshot.strategies.values()].sort(byPlanThenId);
    diagnosisOrder.set(snapshot, list);
  }
  return list;
}
