/**
 * A report as a file: CSV (csv-stringify) or Excel .xlsx (exceljs' streaming WorkbookWriter),
 * written batch by batch into a stream the response sends as it fills. Headers in the
 * caller's language; money in currency units; ratios as percentages; the totals row last.
 */
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import {
  DEFAULT_INTERFACE_LANGUAGE,
  LANGUAGE_COOKIE,
  MICROS_PER_UNIT,
  MONEY_METRICS,
  PLATFORM_CURRENCY,
  Platform,
  RATIO_METRICS,
  REPORT_EXPORT_LABELS,
  ReportDimension,
  ReportMetric,
  dimensionNameKey,
  isInterfaceLanguage,
  isNamedDimension,
  isTextDimension,
  reportDimensionKind,
  type ReportDimensionKind,
  type InterfaceLanguage,
  type ReportExportFormat,
  type ReportRow,
} from '@adloom/domain';
import { stringify } from 'csv-stringify';
import type ExcelJSModule from 'exceljs';
import type { StatsView } from './sources.js';

type CellKind = 'text' | 'count' | 'money' | 'ratio';
type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  kind: CellKind;
  value(row: ReportRow): Cell;
}

const label = (text: { en: string; zh: string }, lang: InterfaceLanguage) => text[lang];

/** "Plan ID" / "计划ID", "Country code" / "国家代码": the column beside a dimension's name. */
function idHeader(dimension: string, lang: InterfaceLanguage): string {
  const dimensionLabel = ReportDimension.label(dimension, lang);
  const suffix = label(
    reportDimensionKind(dimension) === 'code' ? REPORT_EXPORT_LABELS.code : REPORT_EXPORT_LABELS.id,
    lang,
  );
  return lang === 'zh' ? `${dimensionLabel}${suffix}` : `${dimensionLabel} ${suffix}`;
}

function metricKind(metric: string): CellKind {
  if ((RATIO_METRICS as readonly string[]).includes(metric)) return 'ratio';
  if ((MONEY_METRICS as readonly string[]).includes(metric)) return 'money';
  return 'count';
}

/** How an unnamed dimension's cell is written, by its kind. */
const DIMENSION_CELLS: Record<
  ReportDimensionKind,
  (dimension: string, lang: InterfaceLanguage) => Omit<ExportColumn, 'header'>
> = {
  day: (dimension) => ({ kind: 'text', value: (row) => row[dimension] ?? null }),
  hour: (dimension) => ({ kind: 'count', value: (row) => row[dimension] ?? null }),
  id: (dimension) => ({ kind: 'count', value: (row) => row[dimension] ?? null }),
  code: (dimension) => ({ kind: 'text', value: (row) => row[dimension] ?? null }),
  platform: (dimension, lang) => ({
    kind: 'text',
    value: (row) => {
      const value = row[dimension];
      return value === undefined || value === null ? null : Platform.label(value, lang);
    },
  }),
  text: (dimension) => ({ kind: 'text', value: (row) => row[dimension] ?? null }),
};

/** The file's columns: named dimensions as id (or code) and name, then the metrics. */
export function exportColumns(view: StatsView, lang: InterfaceLanguage): ExportColumn[] {
  const columns: ExportColumn[] = [];
  for (const dimension of view.dimensions) {
    const dimensionLabel = ReportDimension.label(dimension, lang);
    if (isNamedDimension(dimension)) {
      const nameKey = dimensionNameKey(dimension);
      columns.push({
        header: idHeader(dimension, lang),
        kind: isTextDimension(dimension) ? 'text' : 'count',
        value: (row) => row[dimension] ?? null,
      });
      columns.push({ header: dimensionLabel, kind: 'text', value: (row) => row[nameKey] ?? null });
    } else {
      columns.push({
        header: dimensionLabel,
        ...DIMENSION_CELLS[reportDimensionKind(dimension)](dimension, lang),
      });
    }
  }
  for (const metric of view.metrics) {
    const kind = metricKind(metric);
    const metricLabel = ReportMetric.label(metric, lang);
    // Cells are plain numbers for spreadsheets: the header says the unit, "Cost (USD)".
    const unit =
      kind === 'ratio'
        ? ` ${label(REPORT_EXPORT_LABELS.percent, lang)}`
        : kind === 'money'
          ? ` (${PLATFORM_CURRENCY})`
          : '';
    columns.push({
      header: `${metricLabel}${unit}`,
      kind,
      value: (row) => row[metric] ?? null,
    });
  }
  return columns;
}

/** Micros as an exact decimal of currency units: 12_500_000 → "12.5". */
export function microsToUnits(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_UNIT);
  const fraction = String(abs % MICROS_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** A ratio (0.1234) as a percentage with 2 decimals ("12.34"). */
export function ratioToPercent(ratio: number): string {
  return (Math.round(ratio * 10_000) / 100).toFixed(2);
}

/**
 * Text a spreadsheet program would read as a formula (or a DDE payload) when its first
 * character is one of these: OWASP's CSV injection list.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/**
 * A text cell made inert: names come from advertisers and publishers, so `=HYPERLINK(…)`
 * gets a leading single quote and shows as typed. Numbers never pass here: a genuine
 * negative amount stays a number.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text;
}

function csvCell(kind: CellKind, value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  if (kind === 'money') return microsToUnits(value);
  if (kind === 'ratio') return ratioToPercent(value);
  return String(value);
}

/** Money in units and ratios as fractions shown as percentages (the cell keeps the value). */
const XLSX_FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  count: '#,##0',
  money: '#,##0.00####',
  ratio: '0.00%',
};

function xlsxCell(kind: CellKind, value: Cell): Cell {
  if (value === null) return value;
  if (typeof value === 'string') return neutraliseFormula(value);
  return kind === 'money' ? value / MICROS_PER_UNIT : value;
}

/** The totals row: "Total" under the first column, the metrics under theirs. */
function totalsCells(
  columns: ExportColumn[],
  totals: ReportRow,
  view: StatsView,
  lang: InterfaceLanguage,
) {
  const metricStart = columns.length - view.metrics.length;
  return columns.map((column, index) => {
    if (index >= metricStart) return column.value(totals);
    return index === 0 ? label(REPORT_EXPORT_LABELS.total, lang) : null;
  });
}

/** Without dimensions the one row is the totals: no second copy. */
function hasTotalsRow(view: StatsView): boolean {
  return view.dimensions.length > 0;
}

export interface ReportFileWriter {
  /** What the response sends. */
  readonly stream: Readable;
  /** Adds rows; resolves when the stream can take more. */
  write(rows: ReportRow[]): Promise<void>;
  /** Adds the totals row (when there are dimensions) and ends the file. */
  finish(totals: ReportRow): Promise<void>;
}

async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

function csvWriter(view: StatsView, lang: InterfaceLanguage): ReportFileWriter {
  const columns = exportColumns(view, lang);
  // The byte order mark lets spreadsheet programs read the UTF-8 (Chinese) headers.
  const csv = stringify({ bom: true });
  const put = (cells: Cell[]) =>
    csv.write(cells.map((cell, index) => csvCell(columns[index]?.kind ?? 'text', cell)));
  put(columns.map((column) => column.header));
  return {
    stream: csv,
    async write(rows) {
      for (const row of rows) put(columns.map((column) => column.value(row)));
      await drained(csv);
    },
    async finish(totals) {
      if (hasTotalsRow(view)) put(totalsCells(columns, totals, view, lang));
      csv.end();
    },
  };
}

/**
 * exceljs, loaded by the first Excel export: an idle server does not hold its ~8 MB of
 * heap (docs/PERFORMANCE.md, "Idle memory").
 */
let excel: Promise<typeof ExcelJSModule> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((module) => module.default));

async function xlsxWriter(view: StatsView, lang: InterfaceLanguage): Promise<ReportFileWriter> {
  const ExcelJS = await loadExcel();
  const columns = exportColumns(view, lang);
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(label(REPORT_EXPORT_LABELS.sheet, lang));
  sheet.columns = columns.map((column) => ({ width: Math.max(12, column.header.length + 4) }));
  sheet.addRow(columns.map((column) => column.header)).commit();
  const put = (cells: Cell[]) => {
    const row = sheet.addRow(
      cells.map((cell, index) => xlsxCell(columns[index]?.kind ?? 'text', cell)),
    );
    columns.forEach((column, index) => {
      const format = XLSX_FORMATS[column.kind];
      if (format) row.getCell(index + 1).numFmt = format;
    });
    row.commit();
  };
  return {
    stream: output,
    async write(rows) {
      for (const row of rows) put(columns.map((column) => column.value(row)));
      await drained(output);
    },
    async finish(totals) {
      if (hasTotalsRow(view)) put(totalsCells(columns, totals, view, lang));
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function createReportFileWriter(
  format: ReportExportFormat,
  view: StatsView,
  lang: InterfaceLanguage,
): Promise<ReportFileWriter> {
  return format === 'csv' ? Promise.resolve(csvWriter(view, lang)) : xlsxWriter(view, lang);
}

/**
 * The header language: the request's own `lang`, else the console's `language` cookie
 * (docs/product/console.md#languages), else the first Accept-Language that is ours, else English.
 */
export function exportLanguage(
  explicit: InterfaceLanguage | undefined,
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
): InterfaceLanguage {
  if (explicit) return explicit;
  for (const part of (headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const cookie = decodeURIComponent(value.join('=')).trim();
      if (isInterfaceLanguage(cookie)) return cookie;
    }
  }
  for (const tag of (headers['accept-language'] ?? '').split(',')) {
    const primary = tag.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
    if (isInterfaceLanguage(primary)) return primary;
  }
  return DEFAULT_INTERFACE_LANGUAGE;
}
