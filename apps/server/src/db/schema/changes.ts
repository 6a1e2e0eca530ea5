/** The change log: who changed what, with the note they gave. */
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/** Who changed what: written by every update that carries a note (docs/product/api-conventions.md#change-notes). */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    method: text('method').notNull(),
    valueBefore: jsonb('value_before'),
    valueAfter: jsonb('value_after'),
    /** The note's comment; null when the write carried none. */
    comment: text('comment'),
    /** The person signed in. */
    actorId: integer('actor_id').references(() => users.id),
    /** The user acted for (equals actor_id unless by proxy). */
    actingUserId: integer('acting_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('change_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('change_log_type_idx').on(t.targetType, t.id),
  ],
);
