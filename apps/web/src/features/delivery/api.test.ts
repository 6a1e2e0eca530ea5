import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fieldIssue, type FieldIssue } from '@adloom/domain';
import { ApiError } from '../../lib/api';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import {
  bodyOfParams,
  diagnosisBodyOf,
  formValuesOfBody,
  paramsOfBody,
  translateDiagnosisError,
} from './api';

beforeAll(async () => {
  await setupI18n('en');
});

describe('diagnosisBodyOf', () => {
  it('sends numbers as numbers and trimmed texts, leaving blank fields out', () => {
    expect(
      diagnosisBodyOf({
        slot_id: 9,
        os: 2,
        osv: ' 17.1 ',
        network: null,
        country: 'US',
        brand: '',
        model: undefined,
        app: 'com.news.app',
        app_version: '   ',
        uid: 'user-1',
        oaid: '',
        imei: '',
        idfa: 'ABCD',
        lang: null,
        audience: [],
        plan_id: null,
        at: null,
      }),
    ).toEqual({
      slot_id: 9,
      os: 2,
      osv: '17.1',
      country: 'US',
      app: 'com.news.app',
      uid: 'user-1',
      idfa: 'ABCD',
    });
  });

  it('joins audience codes with commas and reads the picked time as UTC', () => {
    const body = diagnosisBodyOf({
      slot_id: 1,
      os: 1,
      network: 4,
      audience: ['gender/man', 'age'],
      plan_id: 5,
      // The picker hands over the UTC wall-clock time as a local time.
      at: dayjs('2026-11-20T08:30:00'),
    });
    expect(body).toEqual({
      slot_id: 1,
      os: 1,
      network: 4,
      audience: 'gender/man,age',
      plan_id: 5,
      at: '2026-11-20T08:30:00.000Z',
    });
  });
});

describe('the request in the address', () => {
  it('goes to parameters and back unchanged, numbers as numbers', () => {
    const body = diagnosisBodyOf({
      slot_id: 9,
      os: 1,
      network: 4,
      country: 'US',
      uid: 'user 1',
      audience: ['gender/man', 'age'],
      plan_id: 5,
      at: dayjs('2026-11-20T08:30:00'),
    });
    const params = paramsOfBody(body);
    expect(params.toString()).toBe(
      'slot_id=9&os=1&network=4&plan_id=5&country=US&uid=user+1&audience=gender%2Fman%2Cage&at=2026-11-20T08%3A30%3A00.000Z',
    );
    expect(bodyOfParams(new URLSearchParams(params.toString()))).toEqual(body);
  });

  it('names no request without a slot, and fills the form from one', () => {
    expect(bodyOfParams(new URLSearchParams('os=1&uid=u'))).toBeNull();
    const values = formValuesOfBody({
      slot_id: 9,
      os: 2,
      uid: 'u',
      audience: 'gender/man,age',
      at: '2026-11-20T08:30:00.000Z',
    });
    expect(values.slot_id).toBe(9);
    expect(values.os).toBe(2);
    expect(values.uid).toBe('u');
    expect(values.audience).toEqual(['gender/man', 'age']);
    expect(values.at?.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-20 08:30:00');
    // The form's own reading gives the same request back.
    expect(diagnosisBodyOf(values)).toEqual({
      slot_id: 9,
      os: 2,
      uid: 'u',
      audience: 'gender/man,age',
      at: '2026-11-20T08:30:00.000Z',
    });
  });
});

describe('translateDiagnosisError', () => {
  it('puts the field messages in the interface language by their codes, leaving a text that is no code', async () => {
    await changeLanguage('zh');
    // An issue of an older server: its text and no code.
    const uncoded = { path: 'uid', message: 'Too big' } as FieldIssue;
    const error = new ApiError(-120, 'Invalid', 'Invalid', [
      fieldIssue('country', 'report.countryCode'),
      uncoded,
      fieldIssue('slot_id', 'dsp.unknownSlot'),
    ]);
    const translated = translateDiagnosisError(error);
    expect(translated).toBeInstanceOf(ApiError);
    expect((translated as ApiError).fields).toEqual([
      { path: 'country', code: 'report.countryCode', message: '请填写两位字母的国家代码' },
      { path: 'uid', message: 'Too big' },
      { path: 'slot_id', code: 'dsp.unknownSlot', message: '未知的广告位' },
    ]);
    expect(translateDiagnosisError('boom')).toBe('boom');
    await changeLanguage('en');
  });
});
