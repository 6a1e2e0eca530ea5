import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { listAllCountries, listLanguages, listStyles } from './service.js';

export function registerSettingsRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listLanguages, async ({ db }) => listLanguages(db));
  registerEndpoint(app, ENDPOINTS.listAllCountries, async ({ db }) => listAllCountries(db));
  registerEndpoint(app, ENDPOINTS.listStyles, async ({ db }) => listStyles(db));
}
