import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/endpoint.js';
import { getParameters, modifyParameters } from './service.js';

export function registerSystemParameterRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.getSystemParameters, async ({ db }) => getParameters(db));
  registerEndpoint(app, ENDPOINTS.modifySystemParameters, async ({ db, auth, body }) =>
    modifyParameters(db, auth, body),
  );
}
