import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import { createModel, listModels, modifyModel, switchModel } from './service.js';

export function registerModelRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listModels, async ({ db, query }) => listModels(db, query));
  registerEndpoint(
    app,
    ENDPOINTS.createModel,
    async ({ db, auth, body }) => createModel({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyModel, async ({ db, auth, body }) =>
    modifyModel({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchModel, async ({ db, auth, body }) =>
    switchModel({ db, auth }, body),
  );
}
