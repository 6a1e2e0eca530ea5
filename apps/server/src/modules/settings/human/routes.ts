import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import { createHumanItem, listHumanTree, modifyHumanItem, switchHumanItem } from './service.js';

export function registerHumanRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listHuman, async ({ db }) => listHumanTree(db));
  registerEndpoint(
    app,
    ENDPOINTS.createHuman,
    async ({ db, auth, body }) => createHumanItem({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyHuman, async ({ db, auth, body }) =>
    modifyHumanItem({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchHuman, async ({ db, auth, body }) =>
    switchHumanItem({ db, auth }, body),
  );
}
