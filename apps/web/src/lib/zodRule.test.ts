import { beforeAll, describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
  ZStrategyFields,
  ZLoginForm,
  ZPasswordForm,
  ZProfileForm,
} from '@adloom/domain';
import { fieldProblem } from './zodRule';
import { changeLanguage, setupI18n } from './i18n';

beforeAll(async () => {
  await setupI18n('en');
});

describe('fieldProblem', () => {
  it('gives the too-short hints of the login and password forms in both languages', async () => {
    expect(fieldProblem(ZLoginForm, 'username', { username: 'ab', password: 'secret1' })).toBe(
      `At least ${USERNAME_MIN_LENGTH} characters`,
    );
    expect(fieldProblem(ZLoginForm, 'password', { username: 'abc', password: '' })).toBe(
      'This field is required',
    );
    const newPassword = { oldPassword: 'old', newPassword: 'short-1', confirmPassword: 'short-1' };
    expect(fieldProblem(ZPasswordForm, 'newPassword', newPassword)).toBe(
      `At least ${PASSWORD_MIN_LENGTH} characters`,
    );
    await changeLanguage('zh');
    expect(fieldProblem(ZLoginForm, 'username', { username: 'ab', password: '' })).toBe(
      `至少 ${USERNAME_MIN_LENGTH} 个字符`,
    );
    await changeLanguage('en');
  });

  it('reports nothing for a valid field even when another one is wrong', () => {
    expect(fieldProblem(ZLoginForm, 'username', { username: 'admin', password: '' })).toBe(
      undefined,
    );
  });

  it('puts cross-field refinements on the field they name', () => {
    const values = { oldPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'x' };
    expect(fieldProblem(ZPasswordForm, 'confirmPassword', values)).toBe(
      'The two passwords do not match',
    );
    expect(
      fieldProblem(ZPasswordForm, 'newPassword', { ...values, newPassword: 'old-secret' }),
    ).toBe('The new password must differ from the old one');
  });

  it('translates the custom messages of the domain schemas', async () => {
    await changeLanguage('zh');
    expect(
      fieldProblem(ZProfileForm, 'avatar', { nickname: 'n', avatar: 'ftp://x', introduction: '' }),
    ).toBe('必须是 http(s) 地址');
    expect(
      fieldProblem(ZProfileForm, 'nickname', { nickname: ' ', avatar: '', introduction: '' }),
    ).toBe('此项必填');
    await changeLanguage('en');
  });

  it('shows the docs/product/messages-and-codes.md#form-messages messages of the shared schemas in the interface language', async () => {
    const strategy = { plan_id: 1, name: 'S', style_ids: [], languages: [] };
    expect(fieldProblem(ZStrategyFields, 'style_ids', strategy)).toBe(
      'Please confirm the support style',
    );
    await changeLanguage('zh');
    expect(fieldProblem(ZStrategyFields, 'style_ids', strategy)).toBe(AD_MESSAGES.confirmStyle.zh);
    expect(fieldProblem(ZStrategyFields, 'languages', strategy)).toBe(AD_MESSAGES.needLanguage.zh);
    expect(
      fieldProblem(ZStrategyFields, 'targeting', {
        ...strategy,
        targeting: [{ key: 'country', mode: 'include', values: [] }],
      }),
    ).toBe('部分定向方式或定向目标不能为空');
    await changeLanguage('en');
  });
});
