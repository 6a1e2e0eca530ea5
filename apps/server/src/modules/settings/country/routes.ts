import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import {
  createCountry,
  listAllCountries,
  listCountries,
  modifyCountry,
  switchCountry,
} from './service.js';

export function registerCountryRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listAllCountries, async ({ db }) => listAllCountries(db));
  registerEndpoint(app, ENDPOINTS.listCountries, async ({ db, query }) => listCountries(db, query));
  registerEndpoint(
    app,
    ENDPOINTS.createCountry,
    async ({ db, auth, body }) => createCountry({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyCountry, async ({ db, auth, body }) =>
    modifyCountry({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchCountry, async ({ db, auth, body }) =>
    switchCountry({ db, auth }, body),
  );
}
