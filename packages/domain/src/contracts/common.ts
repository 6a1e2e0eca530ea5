import { msg } from '../messages.js';
import { z } from 'zod';
import { strictNumber } from './input.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';

/** The response envelope of every API call (docs/product/messages-and-codes.md#response-codes, docs/product/api-conventions.md#envelope). */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    /** An error's message code (messages.ts) and parameters; `msg` is its English text. */
    msgCode: z.string().optional(),
    msgParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    data,
  });

/** One invalid field: its path, its message's code and parameters, and the English text. */
export const ZFieldIssue = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
/** `data` of a validation error: every invalid field. */
export const ZValidationErrorData = z.object({ fields: z.array(ZFieldIssue) });
/** `data` of a throttled attempt (-170): the seconds to wait before the next one. */
export const ZRetryErrorData = z.object({ retryAfterSeconds: z.number().int().positive() });

/** The largest id a row can have: tables count their ids in PostgreSQL's 4-byte integer. */
export const MAX_ID = 2_147_483_647;

/** An id: a positive integer a table can hold (a larger one would fail in the query, not here). */
export const ZId = strictNumber(z.number().int().positive().max(MAX_ID));
export const ZIdBody = z.object({ id: ZId });

/** Paging, search and sort of every list (page sizes of docs/product/constants.md#page-sizes). */
export const ZPageQuery = z.object({
  page: strictNumber(z.number().int().min(1)).default(1),
  size: strictNumber(
    z
      .number()
      .int()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
        ...msg('input.pageSize'),
        params: { sizes: PAGE_SIZES.join(', ') },
      }),
  ).default(DEFAULT_PAGE_SIZE),
  keyword: z.string().trim().max(100).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** A page of a list: `{ list, total, page, size }`. */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });

/**
 * A change note carried by a write (docs/product/api-conventions.md#change-notes): the comment must hold at least two
 * non-space characters, unless the write is quiet.
 */
export const ZChangeComment = z
  .string()
  .refine((text) => text.replace(/\s/g, '').length >= 2, msg('ad.noteRequired'));

export const ZOk = z.null();
