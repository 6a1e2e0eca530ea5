/**
 * Report date presets of docs/product/reports.md#date-presets, as inclusive UTC day ranges. Weeks start on Monday, as
 * the spec's weekday numbering (Monday 1) does.
 */
import { defineEnum } from './enum.js';

export const DatePreset = defineEnum({
  today: { value: 'today', en: 'Today', zh: '今天' },
  yesterday: { value: 'yesterday', en: 'Yesterday', zh: '昨天' },
  last7Days: { value: 'last7Days', en: 'Last 7 days', zh: '最近 7 天' },
  lastWeek: { value: 'lastWeek', en: 'Last week', zh: '上周' },
  last30Days: { value: 'last30Days', en: 'Last 30 days', zh: '最近 30 天' },
  thisMonth: { value: 'thisMonth', en: 'This month', zh: '本月' },
  lastMonth: { value: 'lastMonth', en: 'Last month', zh: '上月' },
  last90Days: { value: 'last90Days', en: 'Last 90 days', zh: '最近 90 天' },
  lastQuarter: { value: 'lastQuarter', en: 'Last quarter', zh: '上季度' },
  thisYear: { value: 'thisYear', en: 'This year', zh: '今年' },
  tomorrow: { value: 'tomorrow', en: 'Tomorrow', zh: '明天' },
  next7Days: { value: 'next7Days', en: 'Next 7 days', zh: '未来 7 天' },
  nextWeek: { value: 'nextWeek', en: 'Next week', zh: '下周' },
  next30Days: { value: 'next30Days', en: 'Next 30 days', zh: '未来 30 天' },
  nextMonth: { value: 'nextMonth', en: 'Next month', zh: '下月' },
  nextQuarter: { value: 'nextQuarter', en: 'Next quarter', zh: '下季度' },
  restOfYear: { value: 'restOfYear', en: 'Rest of this year', zh: '今年剩余时间' },
});
export type DatePresetValue = (typeof DatePreset.values)[number];

/** The forward-looking presets a plan's schedule offers (issue 20 item 7). */
export const PLAN_SCHEDULE_PRESETS: readonly DatePresetValue[] = [
  'next7Days',
  'next30Days',
  'nextMonth',
  'nextQuarter',
  'restOfYear',
];

/** An inclusive range of UTC days, as "YYYY-MM-DD" strings. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function range(fromMs: number, toMs: number): DayRange {
  return { from: isoDay(fromMs), to: isoDay(toMs) };
}

/** The day range a preset stands for, seen from `now`. */
export function resolveDatePreset(preset: DatePresetValue, now: Date = new Date()): DayRange {
  const today = utcDay(now);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  // Monday-based weekday index: Monday 0 … Sunday 6.
  const weekIndex = (now.getUTCDay() + 6) % 7;
  const thisMonday = today - weekIndex * DAY_MS;
  switch (preset) {
    case 'today':
      return range(today, today);
    case 'yesterday':
      return range(today - DAY_MS, today - DAY_MS);
    case 'last7Days':
      return range(today - 6 * DAY_MS, today);
    case 'lastWeek':
      return range(thisMonday - 7 * DAY_MS, thisMonday - DAY_MS);
    case 'last30Days':
      return range(today - 29 * DAY_MS, today);
    case 'thisMonth':
      return range(Date.UTC(year, month, 1), today);
    case 'lastMonth':
      return range(Date.UTC(year, month - 1, 1), Date.UTC(year, month, 1) - DAY_MS);
    case 'last90Days':
      return range(today - 89 * DAY_MS, today);
    case 'lastQuarter': {
      const quarterStartMonth = Math.floor(month / 3) * 3;
      return range(
        Date.UTC(year, quarterStartMonth - 3, 1),
        Date.UTC(year, quarterStartMonth, 1) - DAY_MS,
      );
    }
    case 'thisYear':
      return range(Date.UTC(year, 0, 1), today);
    case 'tomorrow':
      return range(today + DAY_MS, today + DAY_MS);
    case 'next7Days':
      return range(today, today + 6 * DAY_MS);
    case 'nextWeek':
      return range(thisMonday + 7 * DAY_MS, thisMonday + 13 * DAY_MS);
    case 'next30Days':
      return range(today, today + 29 * DAY_MS);
    case 'nextMonth':
      return range(Date.UTC(year, month + 1, 1), Date.UTC(year, month + 2, 1) - DAY_MS);
    case 'nextQuarter': {
      const nextQuarterMonth = Math.floor(month / 3) * 3 + 3;
      return range(
        Date.UTC(year, nextQuarterMonth, 1),
        Date.UTC(year, nextQuarterMonth + 3, 1) - DAY_MS,
      );
    }
    case 'restOfYear':
      return range(today, Date.UTC(year, 11, 31));
  }
}
