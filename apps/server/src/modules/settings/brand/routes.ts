import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import {
  createBrand,
  getBrand,
  listAllBrands,
  listBrands,
  modifyBrand,
  switchBrand,
} from './service.js';

export function registerBrandRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listBrands, async ({ db, query }) => listBrands(db, query));
  registerEndpoint(app, ENDPOINTS.listAllBrands, async ({ db }) => listAllBrands(db));
  registerEndpoint(app, ENDPOINTS.getBrand, async ({ db, query }) => getBrand(db, query.id));
  registerEndpoint(
    app,
    ENDPOINTS.createBrand,
    async ({ db, auth, body }) => createBrand({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyBrand, async ({ db, auth, body }) =>
    modifyBrand({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchBrand, async ({ db, auth, body }) =>
    switchBrand({ db, auth }, body),
  );
}
