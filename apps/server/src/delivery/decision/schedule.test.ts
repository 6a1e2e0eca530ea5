/** The UTC clock by arithmetic agrees with Date, and schedule masks read Monday first. */
import { describe, expect, it } from 'vitest';
import { countSince, inSchedule, utcClock } from './schedule.js';

describe('utcClock', () => {
  it('matches Date for every hour of two weeks, before and after 1970', () => {
    for (const start of [Date.parse('2026-03-01T00:00:00Z'), Date.parse('1969-12-20T00:00:00Z')]) {
      for (let hour = 0; hour < 24 * 14; hour += 1) {
        const at = start + hour * 3_600_000 + 1_234_567;
        const date = new Date(at);
        const clock = utcClock(at);
        expect(clock.weekday).toBe((date.getUTCDay() + 6) % 7);
        expect(clock.hour).toBe(date.getUTCHours());
        expect(clock.dayStartSeconds * 1000).toBe(
          Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()),
        );
        expect(clock.nowSeconds).toBe(Math.floor(at / 1000));
      }
    }
  });
});

describe('inSchedule', () => {
  const only = (weekday: number, hour: number) =>
    Array.from({ length: 7 }, (_, day) => (day === weekday ? 1 << hour : 0));

  it('reads bit h of the weekday’s mask, Monday first', () => {
    const sunday23 = utcClock(Date.parse('2026-03-08T23:59:59Z'));
    expect(inSchedule(only(6, 23), sunday23)).toBe(true);
    expect(inSchedule(only(0, 23), sunday23)).toBe(false);
    expect(inSchedule(only(6, 22), sunday23)).toBe(false);
    const monday0 = utcClock(Date.parse('2026-03-09T00:00:00Z'));
    expect(inSchedule(only(0, 0), monday0)).toBe(true);
  });

  it('treats a missing mask as closed', () => {
    expect(inSchedule([], utcClock(Date.parse('2026-03-09T10:00:00Z')))).toBe(false);
  });
});

describe('countSince', () => {
  it('counts the times at or after the start', () => {
    expect(countSince([10, 20, 30], 20)).toBe(2);
    expect(countSince([], 0)).toBe(0);
  });
});
