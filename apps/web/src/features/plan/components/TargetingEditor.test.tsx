import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AD_MESSAGES } from '@adloom/domain';
import { createQueryClient } from '../../../lib/query';
import { changeLanguage, setupI18n } from '../../../lib/i18n';
import type { TargetingRule } from '../targeting';
import { TargetingEditor } from './TargetingEditor';

beforeAll(async () => {
  await setupI18n('en');
});

const IDFA_1 = '6D92078A-8246-4BA4-AE5B-76104861E7DC';
const IDFA_2 = '0F607264-FC6E-4B67-A1D6-5E5A2B1A1F11';

function renderEditor(
  initial: TargetingRule[],
  props: { showIssues?: boolean; serverIssues?: Record<number, string> } = {},
) {
  const changes: TargetingRule[][] = [];
  function Holder() {
    const [rules, setRules] = useState(initial);
    return (
      <TargetingEditor
        advanced={false}
        value={rules}
        onChange={(next) => {
          changes.push(next);
          setRules(next);
        }}
        {...props}
      />
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Holder />
    </QueryClientProvider>,
  );
  return { last: () => changes.at(-1) };
}

describe('TargetingEditor', { timeout: 20_000 }, () => {
  it('splits a pasted list into distinct values and counts them', () => {
    const editor = renderEditor([{ key: 'idfa', mode: 'include', values: [] }]);
    const box = screen.getByLabelText('Values of IDFA');
    fireEvent.change(box, { target: { value: `${IDFA_1}, ${IDFA_2}\n${IDFA_1};\n\n` } });
    expect(editor.last()).toEqual([{ key: 'idfa', mode: 'include', values: [IDFA_1, IDFA_2] }]);
    expect(screen.getByTestId('value-count').textContent).toBe('Values: 2');
    expect(screen.queryByTestId('invalid-values')).toBeNull();
    // What was typed stays as typed (the trailing separator too).
    expect((box as HTMLTextAreaElement).value).toBe(`${IDFA_1}, ${IDFA_2}\n${IDFA_1};\n\n`);
  });

  it('marks the values failing the format before anything is sent, and removes them', () => {
    const editor = renderEditor([{ key: 'idfa', mode: 'exclude', values: [] }]);
    fireEvent.change(screen.getByLabelText('Values of IDFA'), {
      target: { value: `${IDFA_1}\nnot-an-idfa 12345` },
    });
    const invalid = screen.getByTestId('invalid-values');
    expect(invalid.textContent).toContain('Values without the expected format: 2');
    expect(within(invalid).getByText('not-an-idfa')).toBeTruthy();
    expect(within(invalid).getByText('12345')).toBeTruthy();
    const rule = screen.getByTestId('rule-idfa');
    expect(within(rule).getByRole('alert').textContent).toBe(AD_MESSAGES.configurationFormat.en);
    fireEvent.click(within(invalid).getByText('Remove them'));
    expect(editor.last()).toEqual([{ key: 'idfa', mode: 'exclude', values: [IDFA_1] }]);
    expect(screen.queryByTestId('invalid-values')).toBeNull();
    expect((screen.getByLabelText('Values of IDFA') as HTMLTextAreaElement).value).toBe(IDFA_1);
  });

  it('says an empty rule cannot be empty once a save was tried, in the interface language', async () => {
    renderEditor([{ key: 'pkg', mode: 'include', values: [] }], { showIssues: true });
    expect(within(screen.getByTestId('rule-pkg')).getByRole('alert').textContent).toBe(
      AD_MESSAGES.targetingEmpty.en,
    );
    await changeLanguage('zh');
    expect(await screen.findByText(AD_MESSAGES.targetingEmpty.zh)).toBeTruthy();
    await changeLanguage('en');
  });

  it('does not nag about an empty rule before a save was tried', () => {
    renderEditor([{ key: 'pkg', mode: 'include', values: [] }]);
    expect(within(screen.getByTestId('rule-pkg')).queryByRole('alert')).toBeNull();
  });

  it('shows the server’s message on the rule it names, and switches include / exclude', () => {
    const editor = renderEditor(
      [
        { key: 'osv', mode: 'include', values: ['14.2'] },
        { key: 'appVersion', mode: 'include', values: ['2.1'] },
      ],
      { serverIssues: { 1: AD_MESSAGES.targetingWrong.en } },
    );
    expect(within(screen.getByTestId('rule-osv')).queryByRole('alert')).toBeNull();
    const second = screen.getByTestId('rule-appVersion');
    expect(within(second).getByRole('alert').textContent).toBe(AD_MESSAGES.targetingWrong.en);
    fireEvent.click(within(second).getByText('Exclude'));
    expect(editor.last()?.[1]).toEqual({ key: 'appVersion', mode: 'exclude', values: ['2.1'] });
  });

  it('removes a rule', () => {
    const editor = renderEditor([{ key: 'uid', mode: 'include', values: ['u-1'] }]);
    fireEvent.click(screen.getByLabelText('Remove the UID rule'));
    expect(editor.last()).toEqual([]);
    expect(screen.getByText('No targeting: the strategy serves everywhere.')).toBeTruthy();
  });
});
