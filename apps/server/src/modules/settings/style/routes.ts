import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import { createStyle, listStyles, modifyStyle, switchStyle } from './service.js';

export function registerStyleRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listStyles, async ({ db }) => listStyles(db));
  registerEndpoint(
    app,
    ENDPOINTS.createStyle,
    async ({ db, auth, body }) => createStyle({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyStyle, async ({ db, auth, body }) =>
    modifyStyle({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchStyle, async ({ db, auth, body }) =>
    switchStyle({ db, auth }, body),
  );
}
