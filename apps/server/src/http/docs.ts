/** The OpenAPI 3 document of every route, generated from the shared zod schemas: /docs. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SERVER_VERSION } from '../paths.js';

export const DOCS_PREFIX = '/docs';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Adloom API',
        version: SERVER_VERSION,
        description:
          'Every answer is an envelope `{ code, msg, data }`: code 200 is success, -100 not ' +
          'signed in, -110 no authority, -120 validation (data.fields names each invalid ' +
          'field), -130/-131 none updated/created, -140 exists, -150 not found, -160 locked, ' +
          '-170 too many requests, -500 server error. The HTTP status repeats the class. ' +
          'Signed-in calls carry `X-Token` or `Authorization: Bearer`; `?user=<id>` acts for ' +
          'a user in your ownership subtree.',
      },
      components: {
        securitySchemes: {
          xToken: { type: 'apiKey', in: 'header', name: 'X-Token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, docExpansion: 'list' },
  });
}
