/**
 * Currency rates (issue 22 item 6, docs/decisions/currencies.md): a page of them (search by
 * code, status filter, sort), create, modify and switch, each noted in the change log like
 * every setting. The delivery snapshot reads the active ones (a write bumps config_version).
 */
import type { CurrencyRate, CurrencyRateFields } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import {
  createNoted,
  modifyNoted,
  splitModifyBody,
  switchNoted,
  type ModifyBody,
  type SettingEntity,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { isoTimes, pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import * as repo from './repo.js';
import type { CurrencyRateRow, CurrencyRateSort } from './repo.js';

/** What is compared and logged: the code and the rate as the form sends it (millionths). */
interface RateView extends Record<string, unknown> {
  code: string;
  rate: number;
}

export const currencyRateEntity: SettingEntity<CurrencyRateRow, RateView> = {
  targetType: 'currencyRate',
  label: 'Currency rate',
  find: repo.findCurrencyRate,
  fieldsOf: (row) => ({ code: row.code, rate: row.perUsdMicros }),
};

export const presentCurrencyRate = (row: CurrencyRateRow): CurrencyRate => ({
  id: row.id,
  code: row.code,
  per_usd_micros: row.perUsdMicros,
  status: row.status,
  ...isoTimes(row),
});

export interface CurrencyRateQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: CurrencyRateSort | undefined;
  order: 'asc' | 'desc';
  status?: number | undefined;
}

export async function listCurrencyRates(db: Database, query: CurrencyRateQuery) {
  const { rows, total } = await repo.listCurrencyRates(db, query, windowOf(query.page, query.size));
  return pageOf(rows.map(presentCurrencyRate), total, query);
}

export async function createCurrencyRate(
  writer: Writer,
  body: CurrencyRateFields,
): Promise<CurrencyRate> {
  // A code already in the table answers "Exists, don't duplicate." (its unique index).
  const row = await createNoted(currencyRateEntity, writer, (tx) =>
    repo.insertCurrencyRate(tx, { code: body.code, perUsdMicros: body.rate }),
  );
  return presentCurrencyRate(row);
}

export async function modifyCurrencyRate(
  writer: Writer,
  body: ModifyBody<CurrencyRateFields>,
): Promise<CurrencyRate> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    currencyRateEntity,
    { ...writer, note },
    {
      id,
      patch,
      view: currencyRateEntity.fieldsOf,
      update: (tx, rowId, changes) =>
        repo.updateCurrencyRate(tx, rowId, {
          ...(changes.code === undefined ? {} : { code: changes.code }),
          ...(changes.rate === undefined ? {} : { per_usd_micros: changes.rate }),
        }),
    },
  );
  return presentCurrencyRate(row);
}

export async function switchCurrencyRate(writer: Writer, body: SwitchBody): Promise<CurrencyRate> {
  const row = await switchNoted(currencyRateEntity, writer, body, (tx, id, status) =>
    repo.updateCurrencyRate(tx, id, { status }),
  );
  return presentCurrencyRate(row);
}
