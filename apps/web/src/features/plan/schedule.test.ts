import { describe, expect, it } from 'vitest';
import { FULL_SCHEDULE, scheduleToMasks } from '@adloom/domain';
import {
  SCHEDULE_PRESETS,
  countHours,
  hourRanges,
  normalizeSchedule,
  summarizeSchedule,
} from './schedule';

describe('schedule helpers', () => {
  it('normalizes to seven sorted lists of distinct valid hours', () => {
    expect(normalizeSchedule([[3, 1, 3, 25, -1], [0]])).toEqual([[1, 3], [0], [], [], [], [], []]);
    expect(normalizeSchedule(undefined)).toHaveLength(7);
  });

  it('presets are valid schedules the masks keep', () => {
    for (const preset of Object.values(SCHEDULE_PRESETS)) {
      const schedule = preset();
      expect(schedule).toHaveLength(7);
      expect(normalizeSchedule(schedule)).toEqual(schedule);
    }
    expect(scheduleToMasks(SCHEDULE_PRESETS.businessHours())[0]).toBe(0b111111111 << 9);
    expect(countHours(SCHEDULE_PRESETS.everyHour())).toBe(168);
  });

  it('reads hours as ranges and summarizes', () => {
    expect(hourRanges([9, 10, 11, 20, 23, 22])).toEqual([
      '09:00–12:00',
      '20:00–21:00',
      '22:00–24:00',
    ]);
    expect(summarizeSchedule(FULL_SCHEDULE)).toEqual({ kind: 'always' });
    expect(summarizeSchedule(SCHEDULE_PRESETS.clear())).toEqual({ kind: 'never' });
    expect(summarizeSchedule(SCHEDULE_PRESETS.businessHours())).toEqual({
      kind: 'days',
      days: [0, 1, 2, 3, 4],
      ranges: ['09:00–18:00'],
    });
    expect(summarizeSchedule(Array.from({ length: 7 }, () => [8, 9]))).toEqual({
      kind: 'daily',
      ranges: ['08:00–10:00'],
    });
    expect(summarizeSchedule([[1], [2], [], [], [], [], []])).toEqual({ kind: 'hours', count: 2 });
  });
});
