import type { FastifyInstance } from 'fastify';

/** Plans and strategies (/ad/plan). */
export function registerPlanRoutes(app: FastifyInstance): void {
  void app;
}
