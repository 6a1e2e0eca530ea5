import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { AD_MESSAGES, ResponseCode } from '@adloom/domain';
import { ApiError } from './api';
import { applyFieldErrors } from './formErrors';
import { changeLanguage, setupI18n } from './i18n';

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(async () => {
  await changeLanguage('en');
});

/** A form holding `fields`, recording what setFields receives. */
function formWith(fields: Record<string, unknown>) {
  const setFields = vi.fn();
  const form = { getFieldsValue: () => fields, setFields } as unknown as FormInstance;
  return { form, setFields };
}

function validation(fields: { path: string; message: string }[]): ApiError {
  return new ApiError(
    ResponseCode.validation,
    AD_MESSAGES.followPrompts.en,
    AD_MESSAGES.followPrompts.en,
    fields,
  );
}

describe('applyFieldErrors', () => {
  it('puts spec §5 messages of the server on their fields in Chinese', async () => {
    await changeLanguage('zh');
    const { form, setFields } = formWith({ style_ids: [], languages: [], name: 'S' });
    const placed = applyFieldErrors(
      form,
      validation([
        { path: 'style_ids', message: AD_MESSAGES.confirmStyle.en },
        { path: 'languages.0', message: AD_MESSAGES.needLanguage.en },
        { path: 'name', message: 'Too long, at most 64' },
        { path: 'unknown', message: AD_MESSAGES.needCreative.en },
      ]),
    );
    expect(placed).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['style_ids'], errors: ['请确认支持的样式'] },
      { name: ['languages', '0'], errors: ['需要添加语言'] },
      // Not a known message: the server's own words.
      { name: ['name'], errors: ['Too long, at most 64'] },
    ]);
  });

  it('keeps the English text in English', () => {
    const { form, setFields } = formWith({ bid: null });
    applyFieldErrors(form, validation([{ path: 'bid', message: AD_MESSAGES.bidRequired.en }]));
    expect(setFields).toHaveBeenCalledWith([
      { name: ['bid'], errors: ['Please enter at least one correct bid price'] },
    ]);
  });

  it('places nothing for an error without field issues', () => {
    const { form, setFields } = formWith({ name: '' });
    expect(applyFieldErrors(form, new Error('boom'))).toBe(false);
    expect(applyFieldErrors(form, validation([]))).toBe(false);
    expect(setFields).not.toHaveBeenCalled();
  });
});
