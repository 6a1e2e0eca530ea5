import { describe, expect, it } from 'vitest';
import { AD_MESSAGES, fieldIssue, type PlanDetail, type Strategy } from '@adloom/domain';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import { completionIssues, problemOf, problemsOf, targetingIssuesByRule } from './flow';

function strategy(id: number, patch: Partial<Strategy> = {}): Strategy {
  return {
    id,
    plan_id: 1,
    name: `S${id}`,
    bid: null,
    targeting: [],
    style_ids: [1],
    languages: ['en'],
    creative_ids: [10],
    status: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

function plan(strategies: Strategy[], bid = 1_000_000): PlanDetail {
  return { bid, strategies } as unknown as PlanDetail;
}

describe('completionIssues', () => {
  it('needs a strategy first', () => {
    expect(completionIssues(plan([]))).toEqual([
      {
        path: 'strategies',
        code: 'ad.needConfiguration',
        message: AD_MESSAGES.needConfiguration.en,
      },
    ]);
  });

  it('answers each strategy’s problems on the server’s paths', () => {
    const issues = completionIssues(
      plan(
        [
          strategy(1),
          strategy(2, {
            creative_ids: [],
            style_ids: [],
            languages: [],
            targeting: [{ key: 'idfa', mode: 'include', values: ['nope'] }],
          }),
        ],
        0,
      ),
    );
    expect(issues).toEqual([
      { path: 'strategies.0.bid', code: 'ad.bidRequired', message: AD_MESSAGES.bidRequired.en },
      {
        path: 'strategies.1.targeting.0',
        code: 'ad.configurationFormat',
        message: AD_MESSAGES.configurationFormat.en,
      },
      {
        path: 'strategies.1.creative_ids',
        code: 'ad.needCreative',
        message: AD_MESSAGES.needCreative.en,
      },
      { path: 'strategies.1.bid', code: 'ad.bidRequired', message: AD_MESSAGES.bidRequired.en },
      {
        path: 'strategies.1.style_ids',
        code: 'ad.confirmStyle',
        message: AD_MESSAGES.confirmStyle.en,
      },
      {
        path: 'strategies.1.languages',
        code: 'ad.needLanguage',
        message: AD_MESSAGES.needLanguage.en,
      },
    ]);
    expect(completionIssues(plan([strategy(1)]))).toEqual([]);
  });
});

describe('problemOf', () => {
  const strategies = [strategy(7), strategy(8)];

  it('sends creatives to step 3 and other strategy fields to step 2, with their strategy', () => {
    expect(
      problemOf(fieldIssue('strategies.1.creative_ids', 'ad.needCreative'), strategies),
    ).toMatchObject({ step: 3, strategy: { id: 8 }, field: 'creative_ids' });
    expect(
      problemOf(fieldIssue('strategies.0.targeting.2.values.5', 'ad.targetingWrong'), strategies),
    ).toMatchObject({ step: 2, strategy: { id: 7 }, field: 'targeting' });
    expect(problemOf(fieldIssue('strategies', 'ad.needConfiguration'), strategies)).toEqual({
      message: AD_MESSAGES.needConfiguration.en,
      code: 'ad.needConfiguration',
      step: 2,
    });
    expect(problemOf(fieldIssue('budget', 'input.tooSmall', { min: 1 }), strategies)).toEqual({
      message: 'Must be at least 1',
      code: 'input.tooSmall',
      params: { min: 1 },
      step: 1,
      field: 'budget',
    });
  });

  it('lists each problem once per place', () => {
    const problems = problemsOf(
      [
        fieldIssue('strategies.0.creative_ids.0', 'ad.unspecifiedCreative'),
        fieldIssue('strategies.0.creative_ids.1', 'ad.unspecifiedCreative'),
        fieldIssue('strategies.1.creative_ids', 'ad.needCreative'),
      ],
      strategies,
    );
    expect(problems).toHaveLength(2);
  });

  it('collects the targeting issues of a strategy answer by rule, in the interface language', async () => {
    await setupI18n();
    await changeLanguage('zh');
    expect(
      targetingIssuesByRule([
        fieldIssue('targeting.2.values.5', 'ad.targetingWrong'),
        fieldIssue('targeting.2.values.6', 'ad.targetingEmpty'),
        fieldIssue('targeting.0.key', 'ad.targetingEmpty'),
        fieldIssue('bid', 'ad.bidRequired'),
      ]),
    ).toEqual({ 0: AD_MESSAGES.targetingEmpty.zh, 2: AD_MESSAGES.targetingWrong.zh });
    await changeLanguage('en');
  });
});
