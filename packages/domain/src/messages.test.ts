import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCountryFields, ZSizeInput } from './contracts/settings.js';
import { ZPlanFields } from './contracts/plan.js';
import {
  ERROR_MESSAGES,
  MESSAGES,
  isMessageCode,
  issueMessage,
  messageErrorMap,
  messageText,
  type MessageCode,
} from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has an English and a Chinese text for every code, with the same parameters', () => {
    for (const [code, label] of Object.entries(MESSAGES)) {
      expect(label.en.trim(), code).not.toBe('');
      expect(label.zh.trim(), code).not.toBe('');
      // The Chinese text is Chinese: at least one CJK character.
      expect(label.zh, code).toMatch(/[\u3400-\u9fff]/);
      expect(placeholders(label.zh), code).toEqual(placeholders(label.en));
    }
  });

  it('keeps the spec literal messages word for word', () => {
    expect(ERROR_MESSAGES.noneUpdate.en).toBe('None Update.');
    expect(ERROR_MESSAGES.existent.en).toBe("Exists, don't duplicate.");
    expect(MESSAGES['ad.noteRequired'].en).toBe('Please note something');
    expect(MESSAGES['ad.needLanguage'].en).toBe('Need to add language');
  });

  it('fills parameters', () => {
    expect(messageText('dsp.allocationsOver', 'en', { sum: 1200, max: 1000 })).toBe(
      'The allocations add up to 1200‰; at most 1000‰',
    );
    expect(messageText('input.tooShort', 'zh', { min: 6 })).toBe('至少 6 个字符');
  });
});

describe('zod issues as codes', () => {
  z.config({ customError: messageErrorMap });

  const codesOf = (result: { error?: z.ZodError }) =>
    (result.error?.issues ?? []).map((issue) => ({
      path: issue.path.join('.'),
      ...issueMessage(issue),
    }));

  it('names the code a schema gives, and every code a schema uses exists', () => {
    const issues = codesOf(
      ZCountryFields.safeParse({ name: '', code: 'fr', lang_id: null, lang_ids: '' }),
    );
    expect(issues).toContainEqual({ path: 'code', code: 'settings.countryCode' });
    for (const issue of issues) expect(isMessageCode(issue.code)).toBe(true);
    expect(codesOf(ZSizeInput.safeParse('wide'))[0]?.code).toBe('settings.sizeFormat');
  });

  it("turns zod's own checks into our codes with their limits", () => {
    const issues = codesOf(
      ZPlanFields.safeParse({
        name: '',
        budget: 0,
        bid: 0,
        billing: 99,
        schedule: [],
        start_at: '2026-01-02T00:00:00Z',
        end_at: '2026-01-01T00:00:00Z',
        frequency_per_user: 0,
        interval_seconds: 0,
      }),
    );
    const byPath = new Map(issues.map((issue) => [issue.path, issue]));
    expect(byPath.get('name')?.code).toBe('input.required');
    expect(issues.some((i) => i.path === 'schedule' && i.code === 'plan.scheduleDays')).toBe(true);
    expect(byPath.get('end_at')?.code).toBe<MessageCode>('plan.endAfterStart');
    expect(
      issueMessage({
        code: 'too_small',
        origin: 'string',
        minimum: 6,
        inclusive: true,
        message: 'input.tooShort',
        path: [],
        input: 'abc',
      }),
    ).toEqual({
      code: 'input.tooShort',
      params: { min: 6 },
    });
  });
});
