import { beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage, setupI18n } from '../../../lib/i18n';
import { noFillDiagnosis, servedDiagnosis } from '../testFixtures';
import { DiagnosisResult } from './DiagnosisResult';

/** Opens the select labelled `label` and clicks `option` (by label: role queries are slow). */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

/** The candidates' table rows, each as the text of its plan cell. */
function candidateRows(): string[] {
  const section = screen.getByText('Candidates').closest('section') as HTMLElement;
  return Array.from(section.querySelectorAll('tbody tr.ant-table-row')).map(
    (row) => row.querySelector('td')?.textContent ?? '',
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
});

describe('DiagnosisResult', { timeout: 60_000 }, () => {
  it('lists candidates served first, then outbid, then rejections, with labels and details', () => {
    render(<DiagnosisResult diagnosis={servedDiagnosis} />);
    expect(candidateRows()).toEqual(['Launch #1', 'Spring sale #2', 'Night owls #3', 'Cheap #4']);
    expect(screen.getByTestId('candidate-count').textContent).toBe('4 candidates');

    const winner = rowOf('Launch #1');
    expect(within(winner).getByText('Launch strategy #10')).toBeTruthy();
    expect(within(winner).getByText('Banner A #11')).toBeTruthy();
    expect(within(winner).getByText('$2.00')).toBeTruthy();
    expect(within(winner).getByText('Served').getAttribute('data-reason')).toBe('served');
    expect(
      within(rowOf('Spring sale #2')).getByText('Outbid by a higher eligible bid'),
    ).toBeTruthy();
    const night = rowOf('Night owls #3');
    expect(within(night).getByText('Outside the plan’s hours × weekdays (UTC)')).toBeTruthy();
    expect(within(night).getByText('not reached')).toBeTruthy();
    expect(within(night).getByText('Hour 8 of Friday is not scheduled')).toBeTruthy();
    expect(
      within(rowOf('Cheap #4')).getByText("The bid is below the slot's lowest bid"),
    ).toBeTruthy();

    const acme = rowOf('Acme #7');
    expect(within(acme).getByText('600‰')).toBeTruthy();
    expect(within(acme).getByText('Allocated')).toBeTruthy();
    expect(within(acme).getByText('The partner did not bid')).toBeTruthy();
    expect(within(acme).getByText('HTTP 204')).toBeTruthy();
    expect(within(rowOf('Beta #8')).getByText('Not allocated')).toBeTruthy();
    expect(screen.getByText('3 candidates of plans you do not manage are hidden')).toBeTruthy();
  });

  it('shows the same labels in Chinese', async () => {
    await changeLanguage('zh');
    try {
      render(<DiagnosisResult diagnosis={servedDiagnosis} />);
      expect(await screen.findByText('不在计划投放时段（UTC）内')).toBeTruthy();
      expect(screen.getByText('出价低于其他候选')).toBeTruthy();
      expect(screen.getByText('出价低于广告位底价')).toBeTruthy();
      expect(screen.getByText('合作方未出价')).toBeTruthy();
      expect(screen.getByText('另有 3 个不属于您管理的计划的候选未显示')).toBeTruthy();
      expect(screen.getByText('每千次 US$0.50')).toBeTruthy();
      expect(screen.getByText('2026-11-20 08:30:00 UTC')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('filters the candidates by reason and by plan', async () => {
    render(<DiagnosisResult diagnosis={servedDiagnosis} />);
    await pick('Reason', 'Outbid by a higher eligible bid (1)');
    await waitFor(() => expect(candidateRows()).toEqual(['Spring sale #2']));
    expect(screen.getByTestId('candidate-count').textContent).toBe('1 candidate');
    await pick('Plan', 'Launch #1');
    expect(await screen.findByText('No candidate matches the filters')).toBeTruthy();
  });

  it('names the no-fill reason and says why there are no candidates', () => {
    render(<DiagnosisResult diagnosis={noFillDiagnosis} />);
    expect(screen.getByTestId('diagnosis-outcome').textContent).toBe('No fill: No eligible ad');
    expect(screen.queryByTestId('diagnosis-price')).toBeNull();
    expect(screen.getByText('None matched: only our own plans compete')).toBeTruthy();
    expect(screen.getByText('No plan targets this slot’s styles')).toBeTruthy();
    expect(screen.getByText('No demand partner was considered for this request')).toBeTruthy();
    expect(screen.queryByText(/are hidden/)).toBeNull();
  });

  it('says the slot itself stopped the request when it did', () => {
    render(<DiagnosisResult diagnosis={{ ...noFillDiagnosis, no_fill_reason: 'slotInactive' }} />);
    expect(screen.getByTestId('diagnosis-outcome').textContent).toBe(
      'No fill: The slot is not active',
    );
    expect(
      screen.getByText('The slot itself cannot serve this request: see the outcome above'),
    ).toBeTruthy();
  });
});
