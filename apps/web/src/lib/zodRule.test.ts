import { beforeAll, describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  ERROR_MESSAGES,
  INPUT_MESSAGES,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
  ZChangeComment,
  ZStrategyFields,
  ZLoginForm,
  ZPasswordForm,
  ZProfileForm,
  topUp,
} from '@adloom/domain';
import { z } from 'zod';
import { CUSTOM_MESSAGE_KEYS, fieldProblem, knownMessageText } from './zodRule';
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

  it("shows the server's password-policy messages in the interface language", async () => {
    expect(knownMessageText(PASSWORD_MESSAGES.common.en)).toBe(PASSWORD_MESSAGES.common.en);
    await changeLanguage('zh');
    expect(knownMessageText(PASSWORD_MESSAGES.common.en)).toBe(PASSWORD_MESSAGES.common.zh);
    expect(knownMessageText(PASSWORD_MESSAGES.guessable.en)).toBe(PASSWORD_MESSAGES.guessable.zh);
    await changeLanguage('en');
  });

  it('knows every custom message the domain schemas produce', () => {
    const produced = [
      ZLoginForm.safeParse({ username: 'a b c', password: 'secret1' }),
      ZProfileForm.safeParse({ nickname: 'n', avatar: 'ftp://x', introduction: '' }),
      ZPasswordForm.safeParse({
        oldPassword: 'secret-1',
        newPassword: 'secret-1',
        confirmPassword: 'x',
      }),
      z.object({ note: ZChangeComment }).safeParse({ note: ' ' }),
      topUp.body.safeParse({ user_id: 1, amount: '1.2345678', note: 'ok' }),
      topUp.body.safeParse({ user_id: 1, amount: '1000000000', note: 'ok' }),
      topUp.body.safeParse({ user_id: 1, amount: '0', note: 'ok' }),
    ].flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    expect(new Set(produced)).toEqual(new Set(Object.keys(CUSTOM_MESSAGE_KEYS)));
  });

  it('shows the spec §5 messages of the shared schemas in the interface language', async () => {
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

describe('knownMessageText', () => {
  it('translates every spec §5 message and the custom messages; leaves others alone', async () => {
    for (const label of Object.values(AD_MESSAGES)) {
      expect(knownMessageText(label.en)).toBe(label.en);
    }
    await changeLanguage('zh');
    for (const label of Object.values(AD_MESSAGES)) {
      expect(knownMessageText(label.en)).toBe(label.zh);
    }
    expect(knownMessageText('Must be more than 0')).toBe('必须大于 0');
    expect(knownMessageText('Something the server made up')).toBeUndefined();
    await changeLanguage('en');
  });
  it('shows the input rules of every field (NUL, lone surrogates) in the interface language', async () => {
    await changeLanguage('zh');
    expect(knownMessageText(INPUT_MESSAGES.unsafeText.en)).toBe(INPUT_MESSAGES.unsafeText.zh);
    await changeLanguage('en');
    expect(knownMessageText(INPUT_MESSAGES.unsafeText.en)).toBe(INPUT_MESSAGES.unsafeText.en);
  });
  it("shows a catalogue message put on a field (a media's name: Exists, don't duplicate.)", async () => {
    const exists = "Exists, don't duplicate.";
    expect(knownMessageText(exists)).toBe(exists);
    await changeLanguage('zh');
    expect(knownMessageText(exists)).toBe(ERROR_MESSAGES.existent.zh);
    await changeLanguage('en');
  });
});
