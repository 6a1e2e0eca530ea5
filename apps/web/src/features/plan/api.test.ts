import { beforeAll, describe, expect, it } from 'vitest';
import { AD_MESSAGES, Billing, FULL_SCHEDULE, ZPlanFields, type Plan } from '@adloom/domain';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import {
  instantOf,
  isComplete,
  newPlanForm,
  pickerValueOf,
  planBodyOf,
  planBodyOfPlan,
  planFieldProblem,
  planFormOf,
  resumeStep,
  strategyBodyOf,
  strategyFieldProblem,
  type PlanFormValues,
} from './api';

beforeAll(async () => {
  await setupI18n('en');
});

const stored: Plan = {
  id: 3,
  owner: { id: 9, username: 'advertiser', nickname: 'Adv' },
  name: 'Spring',
  budget: 125_500_000,
  bid: 0,
  billing: Billing.cpc,
  schedule: FULL_SCHEDULE,
  start_at: '2026-03-01T08:00:00Z',
  end_at: null,
  times_per_user: 3,
  frequency_per_user: 0,
  interval_seconds: 0,
  cache_seconds: 60,
  iab_category: 'IAB20',
  status: 7,
  creation_step: 2,
  published_at: null,
  strategy_count: 0,
  created_at: '2026-02-01T00:00:00Z',
  updated_at: '2026-02-01T00:00:00Z',
};

function form(patch: Partial<PlanFormValues> = {}): PlanFormValues {
  return { ...newPlanForm(new Date('2026-05-04T10:20:00Z')), name: 'P', budget: '50', ...patch };
}

describe('plan form ↔ wire', () => {
  it('shows micros in currency units and UTC times as wall-clock picker values', () => {
    const values = planFormOf(stored);
    expect(values.budget).toBe('125.5');
    expect(values.bid).toBeNull();
    expect(values.start_at?.format('YYYY-MM-DD HH:mm')).toBe('2026-03-01 08:00');
    expect(planBodyOf(values)).toEqual(planBodyOfPlan(stored));
  });

  it('sends micros exactly, UTC instants, and 0 for an empty bid', () => {
    const body = planBodyOf(form({ budget: '0.1', bid: '1.23' }));
    expect(body).toMatchObject({ budget: 100_000, bid: 1_230_000, billing: Billing.cpm });
    expect(body.start_at).toBe('2026-05-04T11:00:00.000Z');
    expect(ZPlanFields.safeParse(body).success).toBe(true);
    expect(planBodyOf(form({ bid: null })).bid).toBe(0);
  });

  it('carries the advertised IAB category both ways, none when cleared', () => {
    expect(planFormOf(stored).iab_category).toBe('IAB20');
    expect(planBodyOf(planFormOf(stored)).iab_category).toBe('IAB20');
    expect(planBodyOf(form({ iab_category: undefined as unknown as null })).iab_category).toBe(
      null,
    );
    expect(planFieldProblem('iab_category', form({ iab_category: 'IAB99' }))).toBeDefined();
    expect(planFieldProblem('iab_category', form({ iab_category: 'IAB7' }))).toBeUndefined();
  });

  it('reads the picker as UTC whatever the browser zone', () => {
    expect(instantOf(pickerValueOf('2026-12-31T23:30:00.000Z'))).toBe('2026-12-31T23:30:00.000Z');
    expect(instantOf(null)).toBeNull();
  });
});

describe('planFieldProblem', () => {
  it('checks each field with the shared schema', () => {
    expect(planFieldProblem('budget', form({ budget: null }))).toBe('This field is required');
    expect(planFieldProblem('budget', form({ budget: '0' }))).toBe('Must be more than 0');
    expect(planFieldProblem('budget', form({ budget: '12.5.1' }))).toBe(
      'Write an amount such as 125.50 (at most 2 decimals)',
    );
    // One money precision: a third decimal is refused, not rounded away.
    expect(planFieldProblem('budget', form({ budget: '1234567.891' }))).toBe('At most 2 decimals');
    expect(planFieldProblem('bid', form({ bid: '0.125' }))).toBe('At most 2 decimals');
    expect(planFieldProblem('budget', form({ budget: '1234567.89' }))).toBeUndefined();
    expect(planFieldProblem('name', form({ name: '  ' }))).toBe('This field is required');
    expect(planFieldProblem('schedule', form({ schedule: [[], [], [], [], [], [], []] }))).toBe(
      'Pick at least one hour of the week',
    );
    expect(planFieldProblem('budget', form())).toBeUndefined();
  });

  it('puts the cross-field rules on the field they name, in the interface language', async () => {
    const start = pickerValueOf('2026-06-01T00:00:00Z');
    const values = form({ start_at: start, end_at: pickerValueOf('2026-05-01T00:00:00Z') });
    expect(planFieldProblem('end_at', values)).toBe('Must be after the start');
    expect(planFieldProblem('start_at', values)).toBeUndefined();
    const capped = form({ frequency_per_user: 2, interval_seconds: 0 });
    expect(planFieldProblem('interval_seconds', capped)).toBe(
      'Give the interval the frequency counts over',
    );
    await changeLanguage('zh');
    expect(planFieldProblem('end_at', values)).toBe('必须晚于开始时间');
    expect(planFieldProblem('interval_seconds', capped)).toBe('请填写频次的计算间隔');
    await changeLanguage('en');
  });
});

describe('strategyFieldProblem', () => {
  const strategy = {
    name: 'S',
    bid: null,
    style_ids: [1],
    languages: ['en'],
    targeting: [],
  };

  it('asks for a bid when neither the strategy nor the plan bids (docs/product/messages-and-codes.md#form-messages)', async () => {
    expect(strategyFieldProblem('bid', strategy, 0)).toBe(AD_MESSAGES.bidRequired.en);
    expect(strategyFieldProblem('bid', { ...strategy, bid: 'abc' }, 5_000_000)).toBe(
      AD_MESSAGES.bidRequired.en,
    );
    expect(strategyFieldProblem('bid', strategy, 5_000_000)).toBeUndefined();
    expect(strategyFieldProblem('bid', { ...strategy, bid: '0.5' }, 0)).toBeUndefined();
    await changeLanguage('zh');
    expect(strategyFieldProblem('bid', strategy, 0)).toBe(AD_MESSAGES.bidRequired.zh);
    await changeLanguage('en');
  });

  it('asks for styles and languages with the docs/product/messages-and-codes.md#form-messages messages', () => {
    const empty = { ...strategy, style_ids: [], languages: [] };
    expect(strategyFieldProblem('style_ids', empty, 1)).toBe(AD_MESSAGES.confirmStyle.en);
    expect(strategyFieldProblem('languages', empty, 1)).toBe(AD_MESSAGES.needLanguage.en);
  });

  it('sends the bid in micros, null when empty, and the rules cleaned', () => {
    expect(
      strategyBodyOf({
        ...strategy,
        bid: '2.5',
        style_ids: [3, 1],
        targeting: [{ key: 'uid', mode: 'include', values: [' a ', 'a', '', 'b'] }],
      }),
    ).toEqual({
      name: 'S',
      bid: 2_500_000,
      style_ids: [1, 3],
      languages: ['en'],
      targeting: [{ key: 'uid', mode: 'include', values: ['a', 'b'] }],
    });
    expect(strategyBodyOf(strategy).bid).toBeNull();
  });
});

describe('the flow', () => {
  it('resumes at the creation step, at the form once complete', () => {
    expect(resumeStep({ creation_step: 3 })).toBe(3);
    expect(resumeStep({ creation_step: 0 })).toBe(1);
    expect(resumeStep({ creation_step: 4 })).toBe(1);
    expect(isComplete({ creation_step: 4 })).toBe(true);
    expect(isComplete({ creation_step: 3 })).toBe(false);
  });
});
