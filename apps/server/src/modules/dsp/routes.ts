import type { FastifyInstance } from 'fastify';

/** Demand partners (/ssp/dsp) and the OpenRTB test action. */
export function registerDspRoutes(app: FastifyInstance): void {
  void app;
}
