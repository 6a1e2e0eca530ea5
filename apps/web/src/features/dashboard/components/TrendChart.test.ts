import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, setupI18n } from '../../../lib/i18n';
import { formatTrendAxis, formatTrendValue } from './TrendChart';

beforeAll(async () => {
  await setupI18n('en');
});

describe('the trend chart’s figures', () => {
  it('labels the y axis with unit suffixes and money with the currency', async () => {
    expect(formatTrendAxis('impressions', 45_600)).toBe('45.60K');
    expect(formatTrendAxis('impressions', 800)).toBe('800');
    expect(formatTrendAxis('cost', 2_500_000)).toBe('$2.50M');
    expect(formatTrendAxis('cost', 12.5)).toBe('$12.50');
    expect(formatTrendAxis('ctr', 1.25)).toBe('1.25%');
    expect(formatTrendValue('income', 1234.5)).toBe('$1,234.50');
    await changeLanguage('zh');
    expect(formatTrendAxis('cost', 1500)).toBe('US$1.50K');
    await changeLanguage('en');
  });
});
