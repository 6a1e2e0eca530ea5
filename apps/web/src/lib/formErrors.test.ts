import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { MESSAGES, ResponseCode, fieldIssue, type FieldIssue } from '@adloom/domain';
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

function validation(fields: FieldIssue[]): ApiError {
  return new ApiError(
    ResponseCode.validation,
    MESSAGES['ad.followPrompts'].en,
    MESSAGES['ad.followPrompts'].en,
    fields,
  );
}

describe('applyFieldErrors', () => {
  it('shows a server validation failure of a settings form in Chinese', async () => {
    await changeLanguage('zh');
    const { form, setFields } = formWith({ code: 'fr', name: '' });
    applyFieldErrors(
      form,
      validation([
        fieldIssue('code', 'settings.countryCode'),
        fieldIssue('name', 'input.required'),
      ]),
    );
    expect(setFields).toHaveBeenCalledWith([
      { name: ['code'], errors: ['请填写两位字母的 ISO 国家代码，例如 FR'] },
      { name: ['name'], errors: ['此项必填'] },
    ]);
  });

  it('puts docs/product/messages-and-codes.md#form-messages messages of the server on their fields in Chinese', async () => {
    await changeLanguage('zh');
    const { form, setFields } = formWith({ style_ids: [], languages: [], name: 'S' });
    const placed = applyFieldErrors(
      form,
      validation([
        fieldIssue('style_ids', 'ad.confirmStyle'),
        fieldIssue('languages.0', 'ad.needLanguage'),
        fieldIssue('name', 'input.tooLong', { max: 64 }),
        fieldIssue('unknown', 'ad.needCreative'),
      ]),
    );
    expect(placed).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['style_ids'], errors: ['请确认支持的样式'] },
      { name: ['languages', '0'], errors: ['需要添加语言'] },
      // Not a known message: the server's own words.
      { name: ['name'], errors: ['最多 64 个字符'] },
    ]);
  });

  it('keeps the English text in English', () => {
    const { form, setFields } = formWith({ bid: null });
    applyFieldErrors(form, validation([fieldIssue('bid', 'ad.bidRequired')]));
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
