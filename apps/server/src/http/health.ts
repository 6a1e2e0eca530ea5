/** GET /healthz for load balancers and the e2e runner: not enveloped. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVER_VERSION } from '../paths.js';

const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
  version: z.string(),
});

export function registerHealth(app: FastifyInstance): void {
  app.route({
    method: 'GET',
    url: '/healthz',
    schema: {
      summary: 'Liveness and database check (not enveloped); 503 when the database fails',
      tags: ['ops'],
      response: { 200: ZHealth, 503: ZHealth },
    },
    handler: async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok', db: 'ok', version: SERVER_VERSION };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', db: 'error', version: SERVER_VERSION });
      }
    },
  });
}
