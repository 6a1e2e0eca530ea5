import type { FastifyInstance } from 'fastify';

/** Media and slots (/ssp/media, /ssp/slot). */
export function registerMediaRoutes(app: FastifyInstance): void {
  void app;
}
