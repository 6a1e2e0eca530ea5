import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { listChanges } from './service.js';

export function registerChangeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listChanges, async ({ auth, db, query }) =>
    listChanges(db, auth, query),
  );
}
