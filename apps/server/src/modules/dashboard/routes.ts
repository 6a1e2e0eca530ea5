import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { getDashboardSummary } from './service.js';

export function registerDashboardRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.dashboardSummary, async ({ auth, db }) =>
    getDashboardSummary(db, auth),
  );
}
