/**
 * Currency rates (issue 22 item 6, /system/currency): the operator-maintained table through
 * which partner bids, request floors and OpenRTB answers in another currency are converted.
 * A rate travels as a decimal text ("0.92": units of the currency per US dollar) and is
 * stored and answered in millionths (`per_usd_micros`). Reads are open to the system and ssp
 * roles (the DSP screen shows prices); writes need the system role and may carry a note.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZStatus, ZSwitchBody } from './settings.js';
import { isIsoCurrency, normalCurrency, parseRate } from '../currency.js';
import { SERVING_CURRENCY } from '../serving.js';
import { msg } from '../messages.js';

const SYSTEM = ['system'] as const;

export const ZCurrencyRate = z.object({
  id: z.number().int(),
  /** ISO 4217 alphabetic code. */
  code: z.string(),
  /** Units of the currency one US dollar buys, in millionths. */
  per_usd_micros: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  /** When the rate (or its status) last changed. */
  updated_at: z.string(),
});
export type CurrencyRate = z.infer<typeof ZCurrencyRate>;

/** Upper bound of a rate: a billion units per dollar (no currency is anywhere near). */
const MAX_RATE_MICROS = 1_000_000_000 * 1_000_000;

export const ZCurrencyCode = z
  .string()
  .transform(normalCurrency)
  .refine((code) => /^[A-Z]{3}$/.test(code), msg('settings.currencyCodeFormat'))
  .refine(
    (code) => code === SERVING_CURRENCY || isIsoCurrency(code),
    msg('settings.currencyNotIso'),
  )
  .refine((code) => code !== SERVING_CURRENCY, msg('settings.currencyIsBase'));

/** A rate as the form sends it: a positive decimal with at most 6 places ("0.92", "151.2"). */
export const ZRateInput = z.union([z.string(), z.number()]).transform((value, context) => {
  const micros = parseRate(String(value));
  if (micros === undefined || micros > MAX_RATE_MICROS) {
    context.issues.push({
      code: 'custom',
      message: msg('settings.currencyRate').message,
      input: value,
    });
    return z.NEVER;
  }
  return micros;
});

export const ZCurrencyRateFields = z.object({ code: ZCurrencyCode, rate: ZRateInput });
export type CurrencyRateFields = z.infer<typeof ZCurrencyRateFields>;

export const listCurrencyRates = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/currency/list',
  summary: 'A page of currency rates: search by code, filter by status, sort',
  tag: 'settings',
  access: ['system', 'ssp'],
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'code', 'per_usd_micros', 'status', 'updated_at']).optional(),
    status: ZStatus.optional(),
  }),
  response: ZPage(ZCurrencyRate),
});

export const createCurrencyRate = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/currency/create',
  summary: 'Add a currency with its rate to the US dollar',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZCurrencyRateFields,
  response: ZCurrencyRate,
});

export const modifyCurrencyRate = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/currency/modify',
  summary: "Change a currency's rate (the changed fields, with an optional note)",
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZCurrencyRateFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZCurrencyRate,
});

export const switchCurrencyRate = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/currency/switch',
  summary: 'Use a currency rate or stop using it (an inactive rate converts nothing)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZCurrencyRate,
});

export const CURRENCY_ENDPOINTS = {
  listCurrencyRates,
  createCurrencyRate,
  modifyCurrencyRate,
  switchCurrencyRate,
} as const;
