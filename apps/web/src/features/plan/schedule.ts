/**
 * The plan's schedule (docs/product/advertising.md#schedule hour and week, UTC+00:00) as the grid edits it: seven lists
 * of hours, Monday first, each sorted — the shape the contract (ZSchedule) travels in.
 */
import { FULL_SCHEDULE, Weekday, type InterfaceLanguage, type Schedule } from '@adloom/domain';

export const DAYS = 7;
export const HOURS_PER_DAY = 24;

const ALL_HOURS = Array.from({ length: HOURS_PER_DAY }, (_, hour) => hour);

/** A cell of the grid: day 0 = Monday, hour 0-23. */
export interface Cell {
  day: number;
  hour: number;
}

export function emptySchedule(): Schedule {
  return Array.from({ length: DAYS }, () => []);
}

/** Seven sorted lists of distinct valid hours, whatever came in. */
export function normalizeSchedule(schedule: readonly (readonly number[])[] | undefined): Schedule {
  return Array.from({ length: DAYS }, (_, day) =>
    [...new Set(schedule?.[day] ?? [])]
      .filter((hour) => Number.isInteger(hour) && hour >= 0 && hour < HOURS_PER_DAY)
      .sort((a, b) => a - b),
  );
}

export function isSelected(schedule: Schedule, { day, hour }: Cell): boolean {
  return schedule[day]?.includes(hour) ?? false;
}

/** Sets every cell of the rectangle between two corners on (or off). */
export function paintRect(schedule: Schedule, from: Cell, to: Cell, on: boolean): Schedule {
  const [firstDay, lastDay] = [Math.min(from.day, to.day), Math.max(from.day, to.day)];
  const [firstHour, lastHour] = [Math.min(from.hour, to.hour), Math.max(from.hour, to.hour)];
  return normalizeSchedule(
    schedule.map((hours, day) => {
      if (day < firstDay || day > lastDay) return hours;
      const inside = (hour: number) => hour >= firstHour && hour <= lastHour;
      return on ? [...hours, ...ALL_HOURS.filter(inside)] : hours.filter((hour) => !inside(hour));
    }),
  );
}

/** A whole weekday: cleared when every hour is on, otherwise filled. */
export function toggleDay(schedule: Schedule, day: number): Schedule {
  const full = (schedule[day]?.length ?? 0) === HOURS_PER_DAY;
  return paintRect(schedule, { day, hour: 0 }, { day, hour: HOURS_PER_DAY - 1 }, !full);
}

/** One hour across the week: cleared when every day has it, otherwise set on every day. */
export function toggleHour(schedule: Schedule, hour: number): Schedule {
  const everywhere = schedule.every((hours) => hours.includes(hour));
  return paintRect(schedule, { day: 0, hour }, { day: DAYS - 1, hour }, !everywhere);
}

function daysWithHours(days: readonly number[], hours: readonly number[]): Schedule {
  return Array.from({ length: DAYS }, (_, day) => (days.includes(day) ? [...hours] : []));
}

const WORKDAYS = [0, 1, 2, 3, 4];
const WEEKEND = [5, 6];
/** Business hours: 09:00 to 18:00, Monday to Friday. */
const BUSINESS_HOURS = ALL_HOURS.filter((hour) => hour >= 9 && hour < 18);

export const SCHEDULE_PRESETS = {
  everyHour: () => normalizeSchedule(FULL_SCHEDULE),
  workdays: () => daysWithHours(WORKDAYS, ALL_HOURS),
  weekends: () => daysWithHours(WEEKEND, ALL_HOURS),
  businessHours: () => daysWithHours(WORKDAYS, BUSINESS_HOURS),
  clear: () => emptySchedule(),
} as const satisfies Record<string, () => Schedule>;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;

export function countHours(schedule: Schedule): number {
  return schedule.reduce((sum, hours) => sum + hours.length, 0);
}

/** Consecutive hours as ranges: [9..17] → "09:00–18:00". */
export function hourRanges(hours: readonly number[]): string[] {
  const ranges: string[] = [];
  const sorted = [...hours].sort((a, b) => a - b);
  let start: number | undefined;
  sorted.forEach((hour, index) => {
    start ??= hour;
    if (sorted[index + 1] !== hour + 1) {
      ranges.push(`${pad(start)}:00–${pad(hour + 1)}:00`);
      start = undefined;
    }
  });
  return ranges;
}

function pad(hour: number): string {
  return String(hour).padStart(2, '0');
}

export function hourLabel(hour: number): string {
  return pad(hour);
}

/** The weekday of grid row `day` (0 = Monday) in the interface language. */
export function dayName(day: number, lang: InterfaceLanguage): string {
  return Weekday.label(day + 1, lang);
}

export type ScheduleSummary =
  | { kind: 'always' }
  | { kind: 'never' }
  | { kind: 'daily'; ranges: string[] }
  | { kind: 'days'; days: number[]; ranges: string[] }
  | { kind: 'hours'; count: number };

/**
 * A short description: every hour; the same hours every day; the same hours on some days;
 * or only the number of hours a week.
 */
export function summarizeSchedule(input: readonly (readonly number[])[]): ScheduleSummary {
  const schedule = normalizeSchedule(input);
  const count = countHours(schedule);
  if (count === 0) return { kind: 'never' };
  if (count === DAYS * HOURS_PER_DAY) return { kind: 'always' };
  const used = schedule.flatMap((hours, day) => (hours.length > 0 ? [day] : []));
  const first = JSON.stringify(schedule[used[0] ?? 0]);
  const same = used.every((day) => JSON.stringify(schedule[day]) === first);
  if (!same) return { kind: 'hours', count };
  const ranges = hourRanges(schedule[used[0] ?? 0] ?? []);
  return used.length === DAYS ? { kind: 'daily', ranges } : { kind: 'days', days: used, ranges };
}
