import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  ERROR_MESSAGES,
  HTTP_STATUS,
  ResponseCode,
  errorTypeOf,
  NETWORK_ERROR_MESSAGE,
} from './response-codes.js';

describe('error catalogue', () => {
  it('keeps the response codes of docs/product/messages-and-codes.md#response-codes', () => {
    expect(ResponseCode.ok).toBe(200);
    expect(ResponseCode.noLogin).toBe(-100);
    expect(ResponseCode.noAuthority).toBe(-110);
  });

  it('keeps the catalogue messages of docs/product/messages-and-codes.md#catalogue word for word', () => {
    expect(ERROR_MESSAGES.noLogin.en).toBe('Log in timeout, please resign.');
    expect(ERROR_MESSAGES.noAuthority.en).toBe('Access deni, check again.');
    expect(ERROR_MESSAGES.noneUpdate.en).toBe('None Update.');
    expect(ERROR_MESSAGES.noneCreate.en).toBe('None Create.');
    expect(ERROR_MESSAGES.existent.en).toBe("Exists, don't duplicate.");
    expect(NETWORK_ERROR_MESSAGE.en).toBe(
      "Network Error, please check or contact administrator as it's be error always.",
    );
  });

  it('has distinct codes and a class-matching HTTP status for each type', () => {
    const codes = Object.values(ResponseCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(HTTP_STATUS.noLogin).toBe(401);
    expect(HTTP_STATUS.noAuthority).toBe(403);
    expect(HTTP_STATUS.existent).toBe(409);
    expect(errorTypeOf(-110)).toBe('noAuthority');
    expect(errorTypeOf(200)).toBeUndefined();
    expect(errorTypeOf(12345)).toBeUndefined();
  });

  it('builds an error that names its field', () => {
    const error = AppError.field('lang_ids', 'ad.needLanguage');
    expect(error.code).toBe(-120);
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe('lang_ids: Need to add language');
    expect(error.messageCode).toBe('error.validation');
    expect(error.fields).toEqual([
      { path: 'lang_ids', code: 'ad.needLanguage', message: 'Need to add language' },
    ]);
    expect(new AppError('existent').message).toBe("Exists, don't duplicate.");
  });
});
