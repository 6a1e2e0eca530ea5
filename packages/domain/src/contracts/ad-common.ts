/** Pieces the advertising contracts share: owners, micros, JSON-or-array fields. */
import { z } from 'zod';
import { hasMoneyPrecision } from '../money.js';
import { msg } from '../messages.js';
import { strictNumber } from './input.js';
import { ZId } from './common.js';

/** The owner of an advertiser object, as lists show it. */
export const ZOwnerRef = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
});
export type OwnerRef = z.infer<typeof ZOwnerRef>;

/** The largest money amount a plan or strategy holds: 100 million currency units, in micros. */
export const MAX_AD_MICROS = 100_000_000 * 1_000_000;

/** Money on the advertising wire: integer micro-units (1 unit = 1,000,000). */
export const ZMicros = strictNumber(z.number().int().min(0).max(MAX_AD_MICROS));

/**
 * Money a person writes (budgets, bids, floors, CPMs): micros holding at most two decimals, so
 * 1234567.891 is refused naming the field rather than stored and shown as .89.
 */
export const ZMoneyMicros = ZMicros.refine(hasMoneyPrecision, msg('input.moneyDecimals'));

/** A list of positive ids, as an array or a comma-joined string. */
export const ZIdList = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? [] : text.split(',').map((part) => part.trim());
}, z.array(ZId));

/** Owner filter of an advertiser list: an agent narrows to one of its users. */
export const ZOwnerFilter = ZId.optional();

/** The most rows one bulk action takes: the largest list page (PAGE_SIZES). */
export const MAX_BULK_IDS = 500;

/** The rows a bulk action is asked for: 1 to MAX_BULK_IDS ids, as sent (repeats are one). */
export const ZBulkIds = z
  .array(ZId)
  .min(1)
  .max(MAX_BULK_IDS)
  .transform((ids) => [...new Set(ids)]);

/** A row a bulk action left alone, and why: the message the single action would answer. */
export const ZBulkFailure = z.object({
  id: z.number().int(),
  /** A MessageCode (packages/domain messages.ts); the console shows it in its language. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BulkFailure = z.infer<typeof ZBulkFailure>;

/**
 * What a bulk action answers (docs/decisions/working-lists.md): the rows it wrote and the rows
 * it refused for their state, each with its reason. Ids out of reach refuse the whole request.
 */
export const ZBulkResult = z.object({
  done: z.array(z.number().int()),
  failed: z.array(ZBulkFailure),
});
export type BulkResult = z.infer<typeof ZBulkResult>;
