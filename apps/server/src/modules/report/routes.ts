import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { registerReportExport } from './export-route.js';
import { queryReport } from './service.js';

export function registerReportRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.queryReport, async ({ auth, body, db }) =>
    queryReport(db, auth, body),
  );
  registerReportExport(app);
}
