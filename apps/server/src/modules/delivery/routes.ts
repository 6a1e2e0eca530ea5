import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { diagnose, partnerHealth } from './service.js';

export function registerDeliveryConsoleRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.diagnoseDelivery, async ({ auth, db, body }) =>
    diagnose(db, app.delivery(), auth, body),
  );
  registerEndpoint(app, ENDPOINTS.partnerHealth, async ({ db, query }) =>
    partnerHealth(db, query.hours),
  );
}
