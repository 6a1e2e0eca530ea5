import type { FastifyInstance } from 'fastify';

/** Creatives (/ad/idea) and their audit (/ad/exam). */
export function registerCreativeRoutes(app: FastifyInstance): void {
  void app;
}
