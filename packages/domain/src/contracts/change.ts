/**
 * Change notes on the wire (docs/product/api-conventions.md#change-notes): a noted write carries the changed fields plus `note`,
 * a JSON string holding target_type, method, target, value_before and value_after (each
 * itself a JSON string) and comment. The server keeps its own before/after from the
 * database; the client's copies say what the person saw.
 */
import { msg } from '../messages.js';
import { z } from 'zod';
import { ChangeMethod, TargetType } from '../changes.js';
import { defineEndpoint } from './endpoint.js';
import { ZChangeComment, ZId, ZPage, ZPageQuery } from './common.js';

export const ZChangeNote = z.object({
  target_type: z.string().refine((value) => TargetType.has(value), msg('report.targetType')),
  method: z.string().refine((value) => ChangeMethod.has(value), msg('report.method')),
  target: z.union([z.number().int(), z.string()]),
  value_before: z.string().max(100_000),
  value_after: z.string().max(100_000),
  comment: ZChangeComment,
});
export type ChangeNote = z.infer<typeof ZChangeNote>;

/** `note` as a write carries it: the JSON string of a ZChangeNote (an object is accepted too). */
export const ZNoteField = z.preprocess((value, context) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    context.issues.push({ code: 'custom', ...msg('report.noteJson'), input: value });
    return z.NEVER;
  }
}, ZChangeNote);

/** Mixed into every write body that may carry a note. */
export const ZNoted = z.object({ note: ZNoteField.optional() });

const ZUserRef = z.object({ id: z.number().int(), username: z.string(), nickname: z.string() });

export const ZChangeEntry = z.object({
  id: z.number().int(),
  target_type: z.string(),
  target_id: z.number().int(),
  method: z.string(),
  /** Only the fields that changed, before and after (null on create / after delete). */
  value_before: z.record(z.string(), z.unknown()).nullable(),
  value_after: z.record(z.string(), z.unknown()).nullable(),
  comment: z.string().nullable(),
  /** Who really did it, and for whom (the same user unless acting by proxy). */
  actor: ZUserRef,
  acting_user: ZUserRef,
  created_at: z.string(),
});
export type ChangeEntry = z.infer<typeof ZChangeEntry>;

export const listChanges = defineEndpoint({
  method: 'GET',
  path: '/svc/sys/change/list',
  summary: 'The change history of one object, or of every object of one type, newest first',
  tag: 'changes',
  access: 'login',
  query: ZPageQuery.pick({ page: true, size: true }).extend({
    target_type: z.string().refine((value) => TargetType.has(value), {
      ...msg('report.targetType'),
    }),
    target_id: ZId.optional(),
  }),
  response: ZPage(ZChangeEntry),
});
