import { AppError, ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';

/** Placeholder: the report engine (issue 8) replaces this. */
export function registerReportRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.queryReport, async () => {
    throw new AppError('other', 'The report engine is not built yet');
  });
}
