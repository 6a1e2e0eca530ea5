import { describe, expect, it } from 'vitest';
import { ZReportQuery, resolveDatePreset } from '@adloom/domain';
import {
  buildCompareChartQuery,
  buildDualChartQuery,
  buildReportQuery,
  effectiveFilters,
  isRangeTooLong,
  rangeOf,
} from './query';
import { ACCOUNT_REPORT, ADX_VIEWS, SSP_REPORT, viewOf } from './presets';
import {
  DEFAULT_SETTINGS,
  presetForRoles,
  sanitizeSettings,
  type ReportSettings,
} from './settings';

const NOW = new Date('2026-11-22T15:00:00Z'); // a Sunday
const RANGE = { from: '2026-11-01', to: '2026-11-22' };

describe('date choices', () => {
  it('resolves presets against today (UTC) and keeps custom ranges', () => {
    expect(rangeOf({ preset: 'last7Days' }, NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(rangeOf({ preset: 'lastWeek' }, NOW)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(rangeOf({ preset: 'lastQuarter' }, NOW)).toEqual(resolveDatePreset('lastQuarter', NOW));
    expect(rangeOf({ preset: 'nextMonth' }, NOW)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(rangeOf({ preset: 'custom', range: RANGE }, NOW)).toEqual(RANGE);
  });

  it('knows a range longer than a report may cover', () => {
    expect(isRangeTooLong({ from: '2026-01-01', to: '2026-12-31' })).toBe(false);
    expect(isRangeTooLong({ from: '2025-01-01', to: '2026-01-02' })).toBe(true);
  });
});

describe('buildReportQuery', () => {
  it('asks for the spec defaults over the chosen range, on the first page, in account scope', () => {
    const query = buildReportQuery(DEFAULT_SETTINGS, RANGE);
    expect(query).toEqual({
      dimensions: ['date'],
      metrics: ['request', 'fr', 'imp', 'ir', 'click', 'ctr', 'cpm', 'cost'],
      filters: [],
      from: '2026-11-01',
      to: '2026-11-22',
      scope: 'account',
      page: 1,
      size: 20,
    });
    expect(ZReportQuery.safeParse(query).success).toBe(true);
  });

  it('carries sort, page, size and the supply scope; drops a sort on a column not chosen', () => {
    const settings: ReportSettings = {
      ...DEFAULT_SETTINGS,
      checkedDimensions: ['date', 'country'],
      checkedMetrics: ['income', 'fr'],
    };
    const sorted = buildReportQuery(
      settings,
      RANGE,
      { sort: 'income', order: 'desc', page: 3, size: 50 },
      'supply',
    );
    expect(sorted).toMatchObject({
      sort: 'income',
      order: 'desc',
      page: 3,
      size: 50,
      scope: 'supply',
    });
    const stale = buildReportQuery(settings, RANGE, {
      sort: 'cost',
      order: 'desc',
      page: 1,
      size: 20,
    });
    expect(stale.sort).toBeUndefined();
    expect(stale.order).toBeUndefined();
    expect(ZReportQuery.safeParse(sorted).success).toBe(true);
  });

  it('sends filters that say something: trimmed, unique values that fit the dimension', () => {
    const settings: ReportSettings = {
      ...DEFAULT_SETTINGS,
      filterList: [
        { dimension: 'country', mode: 'include', values: [' US', 'US', 'GB'] },
        { dimension: 'os', mode: 'exclude', values: [] },
        { dimension: 'strategy', mode: 'include', values: ['12', 'abc'] },
        { dimension: 'hour', mode: 'include', values: ['25'] },
      ],
    };
    const query = buildReportQuery(settings, RANGE);
    expect(query.filters).toEqual([
      { dimension: 'country', mode: 'include', values: ['US', 'GB'] },
      { dimension: 'strategy', mode: 'include', values: ['12'] },
    ]);
    expect(ZReportQuery.safeParse(query).success).toBe(true);
    expect(
      effectiveFilters([{ dimension: 'date', mode: 'include', values: ['2026-02-30'] }]),
    ).toEqual([]);
  });
});

describe('chart queries', () => {
  it('chart 1 groups the first dimension by the compare dimension, time in order', () => {
    const query = buildCompareChartQuery(DEFAULT_SETTINGS, RANGE);
    expect(query).toMatchObject({
      dimensions: ['date', 'app'],
      metrics: ['cost'],
      sort: 'date',
      order: 'asc',
      page: 1,
      size: 500,
    });
    expect(ZReportQuery.safeParse(query).success).toBe(true);
  });

  it('chart 1 over a category shows the biggest first, and never repeats a dimension', () => {
    const settings: ReportSettings = {
      ...DEFAULT_SETTINGS,
      checkedDimensions: ['country', 'date'],
      chartConfig1: { metric1: 'imp', compare: 'country' },
    };
    const query = buildCompareChartQuery(settings, RANGE, 'supply');
    expect(query).toMatchObject({
      dimensions: ['country'],
      metrics: ['imp'],
      sort: 'imp',
      order: 'desc',
      scope: 'supply',
    });
    expect(ZReportQuery.safeParse(query).success).toBe(true);
  });

  it('chart 2 asks for both metrics over the first dimension, once when they are the same', () => {
    expect(buildDualChartQuery(DEFAULT_SETTINGS, RANGE)).toMatchObject({
      dimensions: ['date'],
      metrics: ['imp', 'cpm'],
    });
    const same: ReportSettings = {
      ...DEFAULT_SETTINGS,
      chartConfig2: { metric1: 'click', metric2: 'click' },
    };
    const query = buildDualChartQuery(same, RANGE);
    expect(query?.metrics).toEqual(['click']);
    expect(ZReportQuery.safeParse(query).success).toBe(true);
    expect(buildDualChartQuery({ ...DEFAULT_SETTINGS, checkedDimensions: [] }, RANGE)).toBe(
      undefined,
    );
  });
});

describe('presets and settings', () => {
  it('keeps settings inside a preset: offered dimensions in order, locked ones in', () => {
    const preset = { ...ACCOUNT_REPORT, locked: ['country' as const] };
    const settings = sanitizeSettings(
      {
        ...DEFAULT_SETTINGS,
        checkedDimensions: ['app', 'media', 'date'],
        checkedMetrics: ['income', 'click'],
        filterList: [
          { dimension: 'dsp', mode: 'include', values: ['1'] },
          { dimension: 'os', mode: 'include', values: ['1'] },
        ],
        chartConfig1: { metric1: 'income', compare: 'slot' },
      },
      preset,
    );
    expect(settings.checkedDimensions).toEqual(['date', 'country', 'app']);
    expect(settings.checkedMetrics).toEqual(['click']);
    expect(settings.filterList.map((filter) => filter.dimension)).toEqual(['os']);
    expect(settings.chartConfig1).toEqual({ metric1: 'cost', compare: 'app' });
  });

  it('falls back to the defaults when nothing is left', () => {
    const settings = sanitizeSettings(
      { ...DEFAULT_SETTINGS, checkedDimensions: [], checkedMetrics: [] },
      ACCOUNT_REPORT,
    );
    expect(settings.checkedDimensions).toEqual(['date']);
    expect(settings.checkedMetrics).toEqual(DEFAULT_SETTINGS.checkedMetrics);
  });

  it('leaves supply-side dimensions to the system role', () => {
    expect(presetForRoles(SSP_REPORT, ['login', 'system']).dimensions).toContain('dsp');
    expect(presetForRoles(SSP_REPORT, ['login', 'adController']).dimensions).not.toContain('dsp');
  });

  it('names the ADX views by their dimensions, in any order', () => {
    expect(viewOf(ADX_VIEWS, ['dsp', 'hour', 'date'])?.key).toBe('hourlyDsp');
    expect(viewOf(ADX_VIEWS, ['date'])?.key).toBe('dailyTotal');
    expect(viewOf(ADX_VIEWS, ['date', 'plan'])).toBeUndefined();
  });
});
