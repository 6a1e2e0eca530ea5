/**
 * The report engine: a view (dimensions, metrics, filters, range, sort) over the stats rows
 * in a scope → a page of rows with names, the total number of rows and the totals row. The
 * reports, their export and the dashboard all read through `runReport` / `forEachReportBatch`.
 */
import {
  isTextDimension,
  reportDimensionsFor,
  type FieldIssue,
  type ParsedReportQuery,
  type ReportDimensionValue,
  type ReportFilter,
  type ReportMetricValue,
  type ReportResult,
  type ReportRow,
  type Role,
  fieldIssue,
} from '@adloom/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { validationError } from '../../validation.js';
import { attachNames } from './names.js';
import {
  PAGE_PART,
  PART_COLUMN,
  TOTAL_COLUMN,
  allRowsQuery,
  countQuery,
  reportQuery,
  totalsQuery,
} from './query.js';
import type { StatsView } from './sources.js';
import { reportScope, type StatsScope } from './scope.js';
import { statsLayout } from './sizes.js';

/** A contract view (query or export body) as the engine takes it. */
export function statsViewOf(view: {
  dimensions: string[];
  metrics: string[];
  filters: ReportFilter[];
  from: string;
  to: string;
  sort?: string | undefined;
  order: 'asc' | 'desc';
}): StatsView {
  return {
    dimensions: view.dimensions as ReportDimensionValue[],
    metrics: view.metrics as ReportMetricValue[],
    filters: view.filters,
    from: view.from,
    to: view.to,
    sort: view.sort,
    order: view.order,
  };
}

/** Media, slot and DSP are the supply side's: refused (naming the field) without `system`. */
export function assertDimensionsAllowed(view: StatsView, roles: readonly Role[]): void {
  const allowed: readonly string[] = reportDimensionsFor(roles);
  const supplyOnly = (dimension: string) => !allowed.includes(dimension);
  const fields: FieldIssue[] = [
    ...view.dimensions.flatMap((dimension, index) =>
      supplyOnly(dimension) ? [fieldIssue(`dimensions.${index}`, 'report.supplyOnly')] : [],
    ),
    ...view.filters.flatMap((filter, index) =>
      supplyOnly(filter.dimension)
        ? [fieldIssue(`filters.${index}.dimension`, 'report.supplyOnly')]
        : [],
    ),
  ];
  if (fields.length > 0) throw validationError(fields);
}

/** The scope of a request after its role checks. */
export async function resolveReportScope(
  db: Database,
  auth: AuthContext,
  view: StatsView,
  scope: ParsedReportQuery['scope'],
): Promise<StatsScope> {
  const resolved = await reportScope(db, auth, scope);
  assertDimensionsAllowed(view, auth.roles);
  return resolved;
}

const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A database row as the contract's row: text dimensions as text, the rest as numbers. */
export function toReportRow(raw: Record<string, unknown>, view: StatsView): ReportRow {
  const row: ReportRow = {};
  for (const dimension of view.dimensions) {
    const value = raw[dimension];
    row[dimension] = isTextDimension(dimension) ? String(value ?? '') : toNumber(value);
  }
  for (const metric of view.metrics) row[metric] = toNumber(raw[metric]);
  return row;
}

async function readRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return selectRows<Record<string, unknown>>(db, query);
}

/** The totals row: the chosen metrics over every row of the filter. */
export async function reportTotals(
  db: Database,
  scope: StatsScope,
  view: StatsView,
): Promise<ReportRow> {
  const layout = await statsLayout(db);
  const [raw] = await withReportSettings(db, (tx) =>
    readRows(tx, totalsQuery(view, scope, layout)),
  );
  return toReportRow(raw ?? {}, { ...view, dimensions: [] });
}

/** The number of rows the view has over the whole filter. */
export async function countReportRows(
  db: Database,
  scope: StatsScope,
  view: StatsView,
): Promise<number> {
  const layout = await statsLayout(db);
  const [raw] = await withReportSettings(db, (tx) => readRows(tx, countQuery(view, scope, layout)));
  return Number(raw?.[TOTAL_COLUMN] ?? 0);
}

/**
 * Runs report SQL with analytic settings for its transaction only: no JIT (PostgreSQL would
 * spend 100 ms or more compiling a query that runs for less) and room to hash and sort the
 * groups in memory instead of spilling to disk.
 */
async function withReportSettings<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      return run(tx);
    },
    { accessMode: 'read only' },
  );
}

export async function runReport(
  db: Database,
  scope: StatsScope,
  view: StatsView,
  paging: { page: number; size: number },
): Promise<ReportResult> {
  const offset = (paging.page - 1) * paging.size;
  const layout = await statsLayout(db);
  const raws = await withReportSettings(db, (tx) =>
    readRows(tx, reportQuery(view, scope, { limit: paging.size, offset }, layout)),
  );
  const pageRows = raws.filter((raw) => Number(raw[PART_COLUMN]) === PAGE_PART);
  const totalsRow = raws.find((raw) => Number(raw[PART_COLUMN]) !== PAGE_PART) ?? {};
  const list = pageRows.map((raw) => toReportRow(raw, view));
  await attachNames(db, list, view.dimensions);
  return {
    list,
    total: Number(totalsRow[TOTAL_COLUMN] ?? 0),
    page: paging.page,
    size: paging.size,
    totals: toReportRow(totalsRow, { ...view, dimensions: [] }),
  };
}

/** POST /svc/report/query for the acting user. */
export async function queryReport(
  db: Database,
  auth: AuthContext,
  query: ParsedReportQuery,
): Promise<ReportResult> {
  const view = statsViewOf(query);
  const scope = await resolveReportScope(db, auth, view, query.scope);
  return runReport(db, scope, view, { page: query.page, size: query.size });
}

/**
 * Every row of the view in its order, `batchSize` at a time, read through a cursor in a
 * read-only transaction: memory stays flat however many rows the view has. `onBatch` may
 * wait (for the client to take the bytes); the transaction stays open meanwhile.
 */
export async function forEachReportBatch(
  db: Database,
  scope: StatsScope,
  view: StatsView,
  batchSize: number,
  onBatch: (rows: ReportRow[]) => Promise<void>,
): Promise<void> {
  const fetchNext = sql.raw(`fetch forward ${Math.trunc(batchSize)} from report_rows`);
  const layout = await statsLayout(db);
  await withReportSettings(db, async (tx) => {
    await tx.execute(
      sql`declare report_rows no scroll cursor for ${allRowsQuery(view, scope, layout)}`,
    );
    for (;;) {
      const raws = await readRows(tx, fetchNext);
      if (raws.length === 0) break;
      const rows = raws.map((raw) => toReportRow(raw, view));
      await attachNames(tx, rows, view.dimensions);
      await onBatch(rows);
      if (raws.length < batchSize) break;
    }
  });
}
