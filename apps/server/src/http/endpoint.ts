/**
 * Registers a route from its contract object in @adloom/domain: method and path, the zod
 * schemas (validation, and the OpenAPI document), the access rule, and the envelope around
 * the handler's answer. Handlers receive parsed input and answer the envelope's `data`.
 */
import {
  AppError,
  ZEnvelope,
  type EndpointDefinition,
  type EndpointResponse,
  type ParsedBody,
  type ParsedQuery,
  type RouteAccess,
} from '@adloom/domain';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZProxyQuery } from '../access/proxy.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createAccessHook } from './auth.js';
import { ZErrorEnvelope, ok } from './envelope.js';
import type { AuthContext } from './types.js';

export interface EndpointContext<E extends EndpointDefinition> {
  body: ParsedBody<E>;
  query: ParsedQuery<E>;
  /** The caller and acting user; null only on public endpoints. */
  auth: E['access'] extends 'public' ? null : AuthContext;
  db: Database;
  config: Config;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends EndpointDefinition> = (
  context: EndpointContext<E>,
) => Promise<EndpointResponse<E>>;

export interface EndpointOptions {
  /** Per-route rate limit (@fastify/rate-limit), e.g. on the sign-in routes. */
  rateLimit?: RateLimitOptions;
  /**
   * Answers 'None Create.' (-131) before validation when the body carries no field at all
   * (a note alone, or only blank form fields, count as nothing).
   */
  refuseEmptyBody?: boolean;
  /** More route config, e.g. `multipartOptions` and `receiveFile` of a route taking files. */
  config?: FastifyContextConfig;
}

/** True when a body holds no field with a value: absent, {}, or only blanks and a note. */
export function isEmptyBody(body: unknown): boolean {
  if (body === null || body === undefined) return true;
  if (typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.entries(body).every(
    ([key, value]) =>
      key === 'note' ||
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === ''),
  );
}

/** The query schema: the contract's, plus the proxy parameter on signed-in endpoints. */
function querySchema(endpoint: EndpointDefinition): z.ZodType | undefined {
  if (endpoint.access === 'public') return endpoint.query;
  if (!endpoint.query) return ZProxyQuery;
  if (endpoint.query instanceof z.ZodObject) return endpoint.query.extend(ZProxyQuery.shape);
  return endpoint.query;
}

function describeAccess(access: RouteAccess): string {
  if (access === 'public') return 'Access: public.';
  if (access === 'login') return 'Access: any signed-in user.';
  return `Access: any of the roles ${access.join(', ')} (of the acting user).`;
}

export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const query = querySchema(endpoint);
  const signedIn = endpoint.access !== 'public';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      description: describeAccess(endpoint.access),
      ...(signedIn ? { security: [{ xToken: [] }, { bearer: [] }] } : { security: [] }),
      ...(endpoint.multipart ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
      ...(query ? { querystring: query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        200: ZEnvelope(endpoint.response),
        '4xx': ZErrorEnvelope,
        '5xx': ZErrorEnvelope,
      },
    },
    config: {
      ...options.config,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    onRequest: createAccessHook(endpoint.access),
    ...(options.refuseEmptyBody
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (isEmptyBody(request.body)) throw new AppError('noneCreate');
          },
        }
      : {}),
    handler: async (request, reply) => {
      const data = await handler({
        body: request.body as ParsedBody<E>,
        query: request.query as ParsedQuery<E>,
        auth: request.auth as EndpointContext<E>['auth'],
        db: app.db,
        config: app.config,
        request,
        reply,
      });
      return ok(data);
    },
  });
}
