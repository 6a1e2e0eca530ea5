import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import {
  createCurrencyRate,
  listCurrencyRates,
  modifyCurrencyRate,
  switchCurrencyRate,
} from './service.js';

/** /svc/setting/currency/*: the currency rate table of /system/currency. */
export function registerCurrencyRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listCurrencyRates, async ({ db, query }) =>
    listCurrencyRates(db, query),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createCurrencyRate,
    async ({ db, auth, body }) => createCurrencyRate({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyCurrencyRate, async ({ db, auth, body }) =>
    modifyCurrencyRate({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchCurrencyRate, async ({ db, auth, body }) =>
    switchCurrencyRate({ db, auth }, body),
  );
}
