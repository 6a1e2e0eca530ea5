/** Permission-matrix samples of the currency rate endpoints: each succeeds for an allowed caller. */
import { ISO_4217_CODES, type CURRENCY_ENDPOINTS } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { currencyRates } from '../../db/schema.js';
import type { Sample } from './types.js';

/** Codes no other test prices in (delivery tests use EUR, GBP, JPY and CNY). */
const SAMPLE_CODES = ISO_4217_CODES.filter(
  (code) => !['USD', 'EUR', 'GBP', 'JPY', 'CNY'].includes(code),
);
let next = 0;

/** A code free in this database: the next of the cycle, any earlier row of it removed. */
async function freeCode(db: Database): Promise<string> {
  const code = SAMPLE_CODES[(next += 1) % SAMPLE_CODES.length] ?? 'CHF';
  await db.delete(currencyRates).where(eq(currencyRates.code, code));
  return code;
}

async function buildRate(db: Database): Promise<number> {
  const [row] = await db
    .insert(currencyRates)
    .values({ code: await freeCode(db), perUsdMicros: 1_500_000 })
    .returning({ id: currencyRates.id });
  return row?.id ?? 0;
}

export const CURRENCY_SAMPLES: { [K in keyof typeof CURRENCY_ENDPOINTS]: Sample } = {
  listCurrencyRates: () => ({ query: { keyword: 'e', sort: 'code', order: 'desc', size: 10 } }),
  createCurrencyRate: async ({ db }) => ({ body: { code: await freeCode(db), rate: '0.92' } }),
  modifyCurrencyRate: async ({ db }) => ({
    body: { id: await buildRate(db), rate: String(2 + ((next += 1) % 1000) / 1000) },
  }),
  switchCurrencyRate: async ({ db }) => ({ body: { id: await buildRate(db), status: 1 } }),
};
