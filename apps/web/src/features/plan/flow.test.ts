import { describe, expect, it } from 'vitest';
import { AD_MESSAGES, type PlanDetail, type Strategy } from '@adloom/domain';
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
      { path: 'strategies', message: AD_MESSAGES.needConfiguration.en },
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
      { path: 'strategies.0.bid', message: AD_MESSAGES.bidRequired.en },
      { path: 'strategies.1.targeting.0', message: AD_MESSAGES.configurationFormat.en },
      { path: 'strategies.1.creative_ids', message: AD_MESSAGES.needCreative.en },
      { path: 'strategies.1.bid', message: AD_MESSAGES.bidRequired.en },
      { path: 'strategies.1.style_ids', message: AD_MESSAGES.confirmStyle.en },
      { path: 'strategies.1.languages', message: AD_MESSAGES.needLanguage.en },
    ]);
    expect(completionIssues(plan([strategy(1)]))).toEqual([]);
  });
});

describe('problemOf', () => {
  const strategies = [strategy(7), strategy(8)];

  it('sends creatives to step 3 and other strategy fields to step 2, with their strategy', () => {
    expect(
      problemOf({ path: 'strategies.1.creative_ids', message: 'm' }, strategies),
    ).toMatchObject({ step: 3, strategy: { id: 8 }, field: 'creative_ids' });
    expect(
      problemOf({ path: 'strategies.0.targeting.2.values.5', message: 'm' }, strategies),
    ).toMatchObject({ step: 2, strategy: { id: 7 }, field: 'targeting' });
    expect(problemOf({ path: 'strategies', message: 'm' }, strategies)).toEqual({
      message: 'm',
      step: 2,
    });
    expect(problemOf({ path: 'budget', message: 'm' }, strategies)).toEqual({
      message: 'm',
      step: 1,
      field: 'budget',
    });
  });

  it('lists each problem once per place', () => {
    const problems = problemsOf(
      [
        { path: 'strategies.0.creative_ids.0', message: AD_MESSAGES.unspecifiedCreative.en },
        { path: 'strategies.0.creative_ids.1', message: AD_MESSAGES.unspecifiedCreative.en },
        { path: 'strategies.1.creative_ids', message: AD_MESSAGES.needCreative.en },
      ],
      strategies,
    );
    expect(problems).toHaveLength(2);
  });

  it('collects the targeting issues of a strategy answer by rule', () => {
    expect(
      targetingIssuesByRule([
        { path: 'targeting.2.values.5', message: 'a' },
        { path: 'targeting.2.values.6', message: 'b' },
        { path: 'targeting.0.key', message: 'c' },
        { path: 'bid', message: 'd' },
      ]),
    ).toEqual({ 0: 'c', 2: 'a' });
  });
});
