import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import { createAdType, listAdTypes, modifyAdType, switchAdType } from './service.js';

export function registerAdTypeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listAdTypes, async ({ db }) => listAdTypes(db));
  registerEndpoint(
    app,
    ENDPOINTS.createAdType,
    async ({ db, auth, body }) => createAdType({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyAdType, async ({ db, auth, body }) =>
    modifyAdType({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchAdType, async ({ db, auth, body }) =>
    switchAdType({ db, auth }, body),
  );
}
