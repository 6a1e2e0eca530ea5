/**
 * The report dimensions' table and what is derived from it: the lists the engine and the
 * console read, the filter checks by kind.
 */
import { describe, expect, it } from 'vitest';
import {
  NAMED_DIMENSIONS,
  ReportDimension,
  SUPPLY_DIMENSIONS,
  reportDimensionsFor,
} from './report.js';
import {
  REPORT_DIMENSIONS,
  isTextDimension,
  reportDimensionColumn,
  reportFilterValueIssue,
} from './report-dimensions.js';

describe('REPORT_DIMENSIONS', () => {
  it('is the enum of report dimensions, in the pickers order, with both labels', () => {
    expect(ReportDimension.values).toEqual(Object.keys(REPORT_DIMENSIONS));
    expect(ReportDimension.label('app', 'zh')).toBe('应用版本');
  });

  it('derives the supply-side and the named dimensions', () => {
    expect(SUPPLY_DIMENSIONS).toEqual(['media', 'slot', 'dsp']);
    expect(NAMED_DIMENSIONS).toEqual([
      'advertiser',
      'plan',
      'strategy',
      'creative',
      'media',
      'slot',
      'dsp',
      'country',
    ]);
    expect(reportDimensionsFor(['adController'])).not.toContain('slot');
    expect(reportDimensionsFor(['system'])).toEqual(ReportDimension.values);
  });

  it('says which dimensions travel as text and where each column is', () => {
    expect(ReportDimension.values.filter(isTextDimension)).toEqual(['date', 'country', 'app']);
    expect(reportDimensionColumn('app')).toBe('app_version');
    expect(reportDimensionColumn('dsp')).toBe('dsp_id');
  });

  it.each([
    ['date', '2026-02-29', 'report.day'],
    ['date', '2026-02-28', undefined],
    ['hour', '24', 'report.hour'],
    ['hour', '7', undefined],
    ['plan', '-1', 'report.id'],
    ['plan', '2147483648', 'report.id'],
    ['plan', '0', undefined],
    ['country', 'USA', 'report.country'],
    ['country', 'us', undefined],
    ['os', '9', 'report.os'],
    ['app', 'anything at all', undefined],
    // An unknown dimension is refused on its own field; its values are read as ids.
    ['nonsense', 'x', 'report.id'],
  ])('checks a %s filter value %j by its kind', (dimension, value, code) => {
    expect(reportFilterValueIssue(dimension, value)?.code).toBe(code);
  });
});
