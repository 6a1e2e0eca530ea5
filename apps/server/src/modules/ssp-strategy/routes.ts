import type { FastifyInstance } from 'fastify';

/** SSP strategies and slot traffic splits (configured on /ssp/dsp). */
export function registerSspStrategyRoutes(app: FastifyInstance): void {
  void app;
}
