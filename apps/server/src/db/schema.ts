/**
 * The PostgreSQL schema (docs/product/design.md#data-model): the index of one file per area
 * under schema/. drizzle-kit generates the SQL migrations in apps/server/drizzle from this
 * index; PGlite and PostgreSQL apply the same ones. Money is integer micros in bigint
 * columns, read as JS numbers (they fit in 2^53). Times are timestamptz (UTC instants).
 */
export * from './schema/accounts.js';
export * from './schema/funds.js';
export * from './schema/settings.js';
export * from './schema/changes.js';
export * from './schema/stats.js';
export * from './schema/advertising.js';
export * from './schema/supply.js';
export * from './schema/delivery.js';
