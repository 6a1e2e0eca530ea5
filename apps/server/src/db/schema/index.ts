/**
 * The PostgreSQL schema (docs/product/design.md#data-model), one file per area. drizzle-kit
 * generates the SQL migrations in apps/server/drizzle from this index; PGlite and PostgreSQL
 * apply the same ones. Money is integer micros in bigint columns, read as JS numbers (they
 * fit in 2^53). Times are timestamptz (UTC instants).
 */
export * from './accounts.js';
export * from './funds.js';
export * from './settings.js';
export * from './changes.js';
export * from './stats.js';
export * from './advertising.js';
export * from './supply.js';
export * from './delivery.js';
