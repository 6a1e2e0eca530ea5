import { describe, expect, it } from 'vitest';
import { DatePreset, PLAN_SCHEDULE_PRESETS, resolveDatePreset } from './dates.js';

// Sunday 2026-11-22, 08:00 UTC
const now = new Date(Date.UTC(2026, 10, 22, 8));

describe('date presets', () => {
  it('resolves the backward-looking presets as inclusive UTC days', () => {
    expect(resolveDatePreset('last7Days', now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(resolveDatePreset('lastWeek', now)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(resolveDatePreset('last30Days', now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(resolveDatePreset('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(resolveDatePreset('lastMonth', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(resolveDatePreset('last90Days', now)).toEqual({ from: '2026-08-25', to: '2026-11-22' });
    expect(resolveDatePreset('lastQuarter', now)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(resolveDatePreset('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-11-22' });
  });

  it('resolves the forward-looking presets', () => {
    expect(resolveDatePreset('tomorrow', now)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(resolveDatePreset('nextWeek', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveDatePreset('nextMonth', now)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(resolveDatePreset('next7Days', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(resolveDatePreset('next30Days', now)).toEqual({ from: '2026-11-22', to: '2026-12-21' });
    expect(resolveDatePreset('restOfYear', now)).toEqual({ from: '2026-11-22', to: '2026-12-31' });
  });

  it('gives the next quarter across the year end', () => {
    // In the fourth quarter the next one is the first of next year.
    expect(resolveDatePreset('nextQuarter', now)).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    const may = new Date(Date.UTC(2027, 4, 15));
    expect(resolveDatePreset('nextQuarter', may)).toEqual({ from: '2027-07-01', to: '2027-09-30' });
  });

  it("offers a plan's schedule only forward-looking presets", () => {
    for (const preset of PLAN_SCHEDULE_PRESETS) {
      expect(resolveDatePreset(preset, now).from >= '2026-11-22', preset).toBe(true);
    }
  });

  it('crosses year boundaries', () => {
    const january = new Date(Date.UTC(2027, 0, 10));
    expect(resolveDatePreset('lastMonth', january)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(resolveDatePreset('lastQuarter', january)).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
  });

  it('resolves every preset it offers', () => {
    for (const preset of DatePreset.values) {
      const { from, to } = resolveDatePreset(preset, now);
      expect(from <= to, preset).toBe(true);
    }
  });
});
