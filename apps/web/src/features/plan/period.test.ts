import { describe, expect, it } from 'vitest';
import { instantOf } from './api';
import { presetPeriod } from './period';

// Sunday 2026-11-22, 08:30 UTC
const now = new Date(Date.UTC(2026, 10, 22, 8, 30));

describe('presetPeriod', () => {
  it('starts now when the preset starts today, and ends on its last day at 23:59 UTC', () => {
    const period = presetPeriod('next7Days', now);
    expect(instantOf(period.start_at)).toBe('2026-11-22T08:30:00.000Z');
    expect(instantOf(period.end_at)).toBe('2026-11-28T23:59:00.000Z');
  });

  it('starts at midnight UTC of a later first day', () => {
    const quarter = presetPeriod('nextQuarter', now);
    expect(instantOf(quarter.start_at)).toBe('2027-01-01T00:00:00.000Z');
    expect(instantOf(quarter.end_at)).toBe('2027-03-31T23:59:00.000Z');
    expect(instantOf(presetPeriod('restOfYear', now).end_at)).toBe('2026-12-31T23:59:00.000Z');
  });
});
