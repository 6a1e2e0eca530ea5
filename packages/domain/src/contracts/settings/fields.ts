/**
 * What every settings area shares: the system role its writes need, the name, status and
 * switch body, lists sent as commas, and sizes ("320 x 50").
 */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { strictNumber } from '../input.js';
import { ZId } from '../common.js';
import { ZNoted } from '../change.js';
import { SimpleStatus } from '../../enums.js';

export const SYSTEM = ['system'] as const;

export const ZStatus = strictNumber(
  z
    .number()
    .int()
    .refine((value) => SimpleStatus.has(value), msg('settings.activeOrInactive')),
);

export const ZName = z.string().trim().min(1).max(64);

/**
 * A list sent either as an array or, from a multipart form, joined with commas (docs/product/settings.md#countries:
 * lang_list is sent as the comma-separated lang_ids).
 */
export const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? [] : trimmed.split(',').map((part) => part.trim());
  }, z.array(item));

/** A width × height; 0 means unlimited (docs/product/settings.md#creative-styles). Presented as "width x height". */
export const ZSize = z.object({
  width: z.number().int().min(0).max(10_000),
  height: z.number().int().min(0).max(10_000),
});
export type Size = z.infer<typeof ZSize>;

export function formatSize(size: Size | null | undefined): string {
  return size ? `${size.width} x ${size.height}` : '-';
}

const SIZE_TEXT = /^\s*(\d{1,5})\s*[xX×*]\s*(\d{1,5})\s*$/;

/** Parses "320 x 50" into a size; null for anything else. */
export function parseSize(text: string): Size | null {
  const match = SIZE_TEXT.exec(text);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** A size as a form sends it: "width x height", an object, or empty/null for none. */
export const ZSizeInput = z.preprocess((value, context) => {
  if (value === '' || value === undefined) return null;
  if (typeof value !== 'string') return value;
  const size = parseSize(value);
  if (size) return size;
  context.issues.push({
    code: 'custom',
    ...msg('settings.sizeFormat'),
    input: value,
  });
  return z.NEVER;
}, ZSize.nullable());

/** Switching status: Active 0 / Inactive 1. */
export const ZSwitchBody = z.object({ id: ZId, status: ZStatus }).extend(ZNoted.shape);
