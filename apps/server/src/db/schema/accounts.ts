/** Users, their sessions and the sign-in throttle. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, quoteList, type Status } from './columns.js';

export const SESSION_KINDS = ['admin', 'service'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored normalised: trimmed and lower-cased (normalizeUsername). */
    username: text('username').notNull().unique(),
    /** `scrypt$N$r$p$saltB64$hashB64` */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    /** Ability bitmask (docs/product/roles-and-access.md#abilities). */
    ability: integer('ability').notNull().default(1),
    /** The owner: the channel, agent or admin that created this user. */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    /** Revenue share in permille, set by a channel for its users. */
    revenueShare: integer('revenue_share').notNull().default(0),
    /** SimpleStatus: 0 active, 1 inactive. */
    status: smallint('status').$type<Status>().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_parent_id_idx').on(t.parentId)],
);

export const THROTTLE_SCOPES = ['signIn', 'signInIp', 'passwordChange'] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

/**
 * Failed sign-ins and password checks, counted per key (docs/decisions/sign-in.md): a
 * username from one address (signIn), one address (signInIp, username ''), a user's
 * current-password checks (passwordChange, ip ''). Shared by every server process.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    scope: text('scope', { enum: THROTTLE_SCOPES }).notNull(),
    /** Normalised as users.username; '' for an address's own count. */
    username: text('username').notNull().default(''),
    /** The client address (an IPv6 one as its /64); '' for a password change. */
    ip: text('ip').notNull().default(''),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** No further attempt of this key is checked before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.username, t.ip] }),
    index('login_throttles_username_idx').on(t.username),
    index('login_throttles_last_failure_at_idx').on(t.lastFailureAt),
    check(
      'login_throttles_scope_check',
      sql`${t.scope} in (${sql.raw(quoteList(THROTTLE_SCOPES))})`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** `admin` from /user/login, `service` from /svc/sys/user/login. */
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_kind_check', sql`${t.kind} in (${sql.raw(quoteList(SESSION_KINDS))})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
