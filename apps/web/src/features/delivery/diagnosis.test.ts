import { describe, expect, it } from 'vitest';
import { RejectReason, type CandidateFate, type Diagnosis } from '@adloom/domain';
import {
  REASON_COLORS,
  filterCandidates,
  plansOf,
  reasonColor,
  reasonCounts,
  sortCandidates,
  stoppedAtSlot,
  winnerOf,
} from './diagnosis';

function fate(
  planId: number,
  reason: string,
  ecpm = 1_000_000,
  creativeId = planId * 10,
): CandidateFate {
  return {
    plan_id: planId,
    plan_name: `Plan ${planId}`,
    strategy_id: planId * 100,
    strategy_name: `Strategy ${planId}`,
    creative_id: creativeId,
    creative_name: `Creative ${creativeId}`,
    ecpm,
    reason,
    detail: '',
  };
}

function diagnosis(overrides: Partial<Diagnosis> = {}): Diagnosis {
  return {
    slot_id: 1,
    slot_name: 'Home banner',
    media_name: 'News',
    lowest_bid: 500_000,
    at: '2026-11-20T08:30:00.000Z',
    no_fill_reason: null,
    price: 1_010_000,
    ssp_strategy: null,
    candidates: [],
    partners: [],
    hidden_candidates: 0,
    ...overrides,
  };
}

describe('sortCandidates', () => {
  it('lists the winner, then the outbid, then rejections in rule order, higher eCPM first', () => {
    const sorted = sortCandidates([
      fate(1, 'bidBelowFloor', 9_000_000),
      fate(2, 'targeting', 3_000_000),
      fate(3, 'outbid', 1_000_000),
      fate(4, 'planSchedule', 2_000_000),
      fate(5, 'served', 2_000_000),
      fate(6, 'outbid', 1_500_000),
      fate(7, 'targeting', 4_000_000),
    ]);
    expect(sorted.map((row) => row.plan_id)).toEqual([5, 6, 3, 4, 7, 2, 1]);
  });

  it('does not reorder the list it is given', () => {
    const rows = [fate(1, 'targeting'), fate(2, 'served')];
    sortCandidates(rows);
    expect(rows.map((row) => row.plan_id)).toEqual([1, 2]);
  });
});

describe('filterCandidates', () => {
  const rows = [
    fate(1, 'served'),
    fate(1, 'outbid', 1, 11),
    fate(2, 'targeting'),
    fate(3, 'outbid'),
  ];

  it('keeps every candidate without filters', () => {
    expect(filterCandidates(rows, { reasons: [] })).toHaveLength(4);
  });

  it('keeps the chosen reasons and plan', () => {
    expect(filterCandidates(rows, { reasons: ['outbid'] }).map((row) => row.plan_id)).toEqual([
      1, 3,
    ]);
    expect(filterCandidates(rows, { reasons: [], planId: 1 })).toHaveLength(2);
    expect(filterCandidates(rows, { reasons: ['outbid', 'targeting'], planId: 2 })).toEqual([
      rows[2],
    ]);
  });
});

describe('reasonCounts and plansOf', () => {
  it('counts reasons in table order and names each plan once', () => {
    const rows = [fate(2, 'targeting'), fate(1, 'outbid'), fate(3, 'targeting'), fate(1, 'served')];
    expect(reasonCounts(rows)).toEqual([
      { reason: 'served', count: 1 },
      { reason: 'outbid', count: 1 },
      { reason: 'targeting', count: 2 },
    ]);
    expect(plansOf(rows)).toEqual([
      { id: 1, name: 'Plan 1' },
      { id: 2, name: 'Plan 2' },
      { id: 3, name: 'Plan 3' },
    ]);
  });
});

describe('winnerOf', () => {
  it('names our served candidate', () => {
    const served = fate(5, 'served');
    expect(winnerOf(diagnosis({ candidates: [fate(1, 'outbid'), served] }))).toEqual({
      kind: 'own',
      candidate: served,
    });
  });

  it('names a partner that won', () => {
    const partner = { dsp_id: 3, dsp_name: 'Acme', permille: 600, reason: 'served', detail: '' };
    expect(winnerOf(diagnosis({ candidates: [fate(1, 'outbid')], partners: [partner] }))).toEqual({
      kind: 'partner',
      partner,
    });
  });

  it('is null on no fill', () => {
    expect(
      winnerOf(diagnosis({ no_fill_reason: 'belowFloor', candidates: [fate(1, 'bidBelowFloor')] })),
    ).toBeNull();
  });
});

describe('stoppedAtSlot', () => {
  it('tells a slot-level no fill from one among the plans', () => {
    expect(stoppedAtSlot({ no_fill_reason: 'slotInactive' })).toBe(true);
    expect(stoppedAtSlot({ no_fill_reason: 'unknownSlot' })).toBe(true);
    expect(stoppedAtSlot({ no_fill_reason: 'noCandidate' })).toBe(false);
    expect(stoppedAtSlot({ no_fill_reason: null })).toBe(false);
  });
});

describe('reason colours', () => {
  it('colour every reason, the winner green and rejections apart from the outbid', () => {
    expect(Object.keys(REASON_COLORS).sort()).toEqual([...RejectReason.values].sort());
    expect(reasonColor('served')).toBe('green');
    expect(reasonColor('outbid')).not.toBe(reasonColor('targeting'));
    expect(reasonColor('somethingNew')).toBe('default');
  });
});
