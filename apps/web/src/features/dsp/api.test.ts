import { beforeAll, describe, expect, it } from 'vitest';
import { DSP_DEFAULTS, fieldIssue, type Dsp, type FieldIssue } from '@adloom/domain';
import { ApiError } from '../../lib/api';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import {
  dspBodyOf,
  dspBodyOfDsp,
  dspFieldProblem,
  dspFormOf,
  newDspForm,
  translateDspError,
} from './api';

const stored: Dsp = {
  id: 4,
  name: 'Bidder',
  type: 1,
  slot_type: 4,
  timeout_ms: 250,
  request_url: 'https://bidder.example.com/rtb',
  test_url: '',
  cpm: 12_500_000,
  percent: 900,
  config: { seat: 's1', auth: { key: 'k' } },
  status: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

beforeAll(async () => {
  await setupI18n('en');
});

describe('the DSP form', () => {
  it('starts from the spec defaults', () => {
    const body = dspBodyOf({ ...newDspForm(), name: 'New', request_url: 'https://x.example.com' });
    expect(body).toMatchObject({
      type: DSP_DEFAULTS.dspType,
      timeout_ms: DSP_DEFAULTS.timeoutMs,
      cpm: DSP_DEFAULTS.dspCpm,
      percent: DSP_DEFAULTS.dspPercent,
      config: {},
      test_url: '',
    });
  });

  it('round-trips a stored partner: an unchanged form equals the stored one (None Update)', () => {
    const form = dspFormOf(stored);
    expect(form.cpm).toBe('12.5');
    expect(JSON.parse(form.config)).toEqual(stored.config);
    expect(dspBodyOf(form)).toEqual(dspBodyOfDsp(stored));
    // Keys typed in another order are the same configuration.
    expect(dspBodyOf({ ...form, config: '{"auth": {"key": "k"}, "seat": "s1"}' })).toEqual(
      dspBodyOfDsp(stored),
    );
  });

  it("says 'Need to add request URL' and 'JSON format error' as the server does", async () => {
    const form = { ...dspFormOf(stored), request_url: '  ', config: '{"seat": ' };
    expect(dspFieldProblem('request_url', form)).toBe('Need to add request URL');
    expect(dspFieldProblem('config', form)).toBe('JSON format error');
    expect(dspFieldProblem('config', { ...form, config: '[1]' })).toBe('JSON format error');
    expect(dspFieldProblem('config', { ...form, config: '' })).toBeUndefined();
    expect(dspFieldProblem('name', form)).toBeUndefined();
    await changeLanguage('zh');
    expect(dspFieldProblem('request_url', form)).toBe('需要添加请求地址');
    expect(dspFieldProblem('config', form)).toBe('JSON 格式错误');
    await changeLanguage('en');
  });

  it('checks URLs, the timeout range, the share and the CPM amount', async () => {
    const form = dspFormOf(stored);
    expect(dspFieldProblem('request_url', { ...form, request_url: 'ftp://x' })).toBe(
      'Must be an http(s) address',
    );
    expect(dspFieldProblem('test_url', { ...form, test_url: 'https://a:b@x.example.com' })).toBe(
      'Must not contain a user name or password',
    );
    expect(dspFieldProblem('timeout_ms', { ...form, timeout_ms: 5 })).toBeDefined();
    expect(dspFieldProblem('timeout_ms', { ...form, timeout_ms: 6000 })).toBeDefined();
    expect(dspFieldProblem('timeout_ms', { ...form, timeout_ms: 5000 })).toBeUndefined();
    expect(dspFieldProblem('percent', { ...form, percent: 1001 })).toBeDefined();
    expect(dspFieldProblem('cpm', { ...form, cpm: '1.2.3' })).toBe(
      'Write an amount such as 125.50 (at most 2 decimals)',
    );
    await changeLanguage('zh');
    expect(dspFieldProblem('test_url', { ...form, test_url: 'https://a:b@x.example.com' })).toBe(
      '不能包含用户名或密码',
    );
    await changeLanguage('en');
  });

  it("translates the server's URL guard message on its field", async () => {
    await changeLanguage('zh');
    const error = translateDspError(
      new ApiError(-120, 'x', 'x', [
        fieldIssue('request_url', 'dsp.privateAddress'),
        // A text that is no code is shown as it came.
        { path: 'name', message: 'Other' } as FieldIssue,
      ]),
    ) as ApiError;
    expect(error.fields).toEqual([
      { path: 'request_url', code: 'dsp.privateAddress', message: '不能指向私有或本机回环地址' },
      { path: 'name', message: 'Other' },
    ]);
    await changeLanguage('en');
  });
});
