import { beforeAll, describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  AUDIENCE_NEEDS_ADVANCED,
  ResponseCode,
  ZPlanFields,
  ZSchedule,
} from '@adloom/domain';
import { ApiError } from '../../lib/api';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import { PLAN_MESSAGE_KEYS, planMessageText, refusalText } from './messages';

beforeAll(async () => {
  await setupI18n('en');
});

describe('plan messages', () => {
  it('knows every custom message the plan schema produces', () => {
    const produced = [
      ZPlanFields.safeParse({
        name: 'P',
        budget: 1,
        billing: 9,
        schedule: [[], [], [], [], [], [], []],
        start_at: '2026-02-01T00:00:00Z',
        end_at: '2026-01-01T00:00:00Z',
      }),
      ZPlanFields.safeParse({
        name: 'P',
        budget: 1,
        billing: 1,
        start_at: '2026-02-01T00:00:00Z',
        frequency_per_user: 2,
      }),
      ZSchedule.safeParse([[1]]),
    ].flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    for (const message of produced) expect(Object.keys(PLAN_MESSAGE_KEYS)).toContain(message);
    expect(Object.keys(PLAN_MESSAGE_KEYS).sort()).toEqual(
      [...new Set([...produced, AUDIENCE_NEEDS_ADVANCED])].sort(),
    );
  });

  it('translates plan, spec §5 and unknown messages', async () => {
    await changeLanguage('zh');
    expect(planMessageText('Must be after the start')).toBe('必须晚于开始时间');
    expect(planMessageText(AD_MESSAGES.needCreative.en)).toBe('需要添加创意');
    expect(planMessageText('Something else')).toBe('Something else');
    await changeLanguage('en');
    expect(planMessageText('Must be after the start')).toBe('Must be after the start');
  });

  it('says a refusal with its spec §5 message in the interface language', async () => {
    const refusal = new ApiError(ResponseCode.validation, 'x', AD_MESSAGES.followPrompts.en, [
      { path: 'strategies', message: AD_MESSAGES.needConfiguration.en },
    ]);
    expect(refusalText(refusal)).toBe(AD_MESSAGES.followPrompts.en);
    await changeLanguage('zh');
    expect(refusalText(refusal)).toBe(AD_MESSAGES.followPrompts.zh);
    // A field message under its path ("status: …") is found too.
    expect(
      refusalText(new ApiError(ResponseCode.validation, 'x', `id: ${AD_MESSAGES.needCreative.en}`)),
    ).toBe(AD_MESSAGES.needCreative.zh);
    await changeLanguage('en');
  });
});
