import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import { createLanguage, listLanguages, modifyLanguage } from './service.js';

export function registerLanguageRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listLanguages, async ({ db }) => listLanguages(db));
  registerEndpoint(
    app,
    ENDPOINTS.createLanguage,
    async ({ db, auth, body }) => createLanguage({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyLanguage, async ({ db, auth, body }) =>
    modifyLanguage({ db, auth }, body),
  );
}
