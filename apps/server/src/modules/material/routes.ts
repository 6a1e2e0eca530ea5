import type { FastifyInstance } from 'fastify';

/** Materials (/ad/resource): upload, library, transcoding. */
export async function registerMaterialRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
