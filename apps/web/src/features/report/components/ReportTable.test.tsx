import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReportResult } from '@adloom/domain';
import { setupI18n } from '../../../lib/i18n';
import type { ReportSettings } from '../model/settings';
import { ReportTable } from './ReportTable';

const settings = {
  checkedDimensions: ['date'],
  checkedMetrics: ['request', 'imp'],
  filterList: [],
} as unknown as ReportSettings;

const result: ReportResult = {
  list: [{ date: '2026-11-27', request: 65, imp: 27 }],
  total: 1,
  page: 1,
  size: 20,
  totals: { request: 65, imp: 27 },
};

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(cleanup);

describe('ReportTable', { timeout: 20_000 }, () => {
  it('says on hover what Requests count for an advertiser, and not for Impressions', async () => {
    render(
      <ReportTable
        settings={settings}
        result={result}
        loading={false}
        error={null}
        onRetry={vi.fn()}
        view={{ order: 'asc', page: 1, size: 20 }}
        onView={vi.fn()}
        labelOf={(_, row) => String(row.date)}
      />,
    );
    fireEvent.mouseEnter(screen.getAllByText('Requests')[0] as HTMLElement);
    expect(
      await screen.findByText(/For advertisers: the auctions their strategies entered/),
    ).toBeTruthy();
    for (const header of screen.getAllByText('Impressions')) {
      expect(header.closest('[class*=hinted]')).toBeNull();
    }
  });
});
