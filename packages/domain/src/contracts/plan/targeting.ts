/**
 * A strategy's schedule and targeting (docs/product/advertising.md#targeting): seven lists of
 * hours in UTC, Monday first, and one include or exclude rule per dimension.
 */
import { z } from 'zod';
import { msg } from '../../messages.js';
import {
  DeviceType,
  Network,
  OrientationKey,
  Platform,
  TargetingMode,
  type OrientationKeyValue,
} from '../../enums.js';

/** Seven lists of hours (0-23), Monday first; every hour of every day by default. */
export const ZSchedule = z
  .array(z.array(z.number().int().min(0).max(23)).max(24))
  .length(7, msg('plan.scheduleDays'))
  .refine((days) => days.some((hours) => hours.length > 0), {
    ...msg('plan.scheduleEmpty'),
  });
export type Schedule = number[][];

export const FULL_SCHEDULE: Schedule = Array.from({ length: 7 }, () =>
  Array.from({ length: 24 }, (_, hour) => hour),
);

/** The schedule as seven 24-bit masks (how it is stored and served). */
export function scheduleToMasks(schedule: Schedule): number[] {
  return schedule.map((hours) => hours.reduce((mask, hour) => mask | (1 << hour), 0));
}

export function masksToSchedule(masks: readonly number[]): Schedule {
  return Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (_, hour) => hour).filter((hour) => ((masks[day] ?? 0) >> hour) & 1),
  );
}

/** Most values one rule holds (pasted device lists). */
export const MAX_TARGETING_VALUES = 10_000;

const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MD5 = /^[0-9a-f]{32}$/i;

/** The format each dimension's values must have; existence is the server's check. */
export const ORIENTATION_VALUE_FORMAT: Record<OrientationKeyValue, (value: string) => boolean> = {
  country: (value) => /^[A-Z]{2}$/.test(value),
  os: (value) => Platform.has(Number(value)) && value !== '0',
  network: (value) => Network.has(Number(value)) && value !== '0',
  slot: (value) => /^[1-9]\d{0,9}$/.test(value),
  uid: (value) => /^[\w.:@-]{1,128}$/.test(value),
  appVersion: (value) => VERSION.test(value),
  oaid: (value) => /^[0-9a-f-]{16,64}$/i.test(value),
  imei: (value) => /^\d{14,16}$/.test(value) || MD5.test(value),
  idfa: (value) => UUID.test(value),
  brand: (value) => /^[a-z0-9][a-z0-9_-]{0,31}$/.test(value),
  model: (value) => /^[A-Za-z0-9][A-Za-z0-9 _.+-]{0,63}$/.test(value),
  // An Android package or iOS bundle id, or an App Store id (digits) as exchanges send it.
  pkg: (value) =>
    /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/.test(value) || /^\d{1,12}$/.test(value),
  osv: (value) => VERSION.test(value),
  deviceType: (value) => /^[1-9]$/.test(value) && DeviceType.has(Number(value)),
  siteDomain: (value) =>
    value.length <= 253 && /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value),
  audience: (value) => /^[a-z0-9][a-z0-9_-]{0,31}(\/[a-z0-9][a-z0-9_-]{0,31})?$/.test(value),
};

/** Splits pasted text (lines, commas, spaces, semicolons) into distinct values. */
export function splitPastedValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export const ZTargetingRule = z
  .object({
    key: z.string().refine((value) => OrientationKey.has(value), msg('ad.targetingWrong')),
    mode: z.string().refine((value) => TargetingMode.has(value), msg('ad.targetingWrong')),
    values: z
      .array(z.string().trim().max(128))
      .max(MAX_TARGETING_VALUES)
      .refine((values) => values.filter(Boolean).length > 0, {
        ...msg('ad.targetingEmpty'),
      }),
  })
  .superRefine((rule, context) => {
    const format = ORIENTATION_VALUE_FORMAT[rule.key as OrientationKeyValue];
    if (!format) return;
    const index = rule.values.findIndex((value) => value !== '' && !format(value));
    if (index >= 0) {
      context.addIssue({
        code: 'custom',
        path: ['values', index],
        ...msg('ad.configurationFormat'),
      });
    }
  });
export type TargetingRule = z.infer<typeof ZTargetingRule>;

/** One rule per dimension: include or exclude its values. */
export const ZTargeting = z.array(ZTargetingRule).superRefine((rules, context) => {
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (seen.has(rule.key)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'key'],
        ...msg('ad.targetingWrong'),
      });
    }
    seen.add(rule.key);
  });
});
