/**
 * Authentication and authorisation of a request, run before the body is parsed: tokens from
 * `X-Token` and `Authorization: Bearer` (either live one authenticates), then the proxy
 * target, then the endpoint's access rule against the ACTING user's roles.
 */
import { AppError, canAccess, deriveRoles, type RouteAccess } from '@adloom/domain';
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../modules/auth/service.js';
import { readProxyParam, resolveActingUser } from '../access/proxy.js';

const MAX_TOKEN_LENGTH = 512;

/** Every distinct token the request carries. */
export function readTokens(request: FastifyRequest): string[] {
  const tokens = new Set<string>();
  const xToken = request.headers['x-token'];
  for (const value of Array.isArray(xToken) ? xToken : [xToken]) {
    const token = value?.trim();
    if (token) tokens.add(token);
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) tokens.add(bearer);
  return [...tokens].filter((token) => token.length <= MAX_TOKEN_LENGTH);
}

/** The onRequest check of an endpoint with the given access. */
export function createAccessHook(access: RouteAccess) {
  return async function checkAccess(request: FastifyRequest): Promise<void> {
    if (access === 'public') return;
    const tokens = readTokens(request);
    const realUser = tokens.length > 0 ? await authenticate(request.server.db, tokens) : undefined;
    if (!realUser) throw new AppError('noLogin');

    const targetId = readProxyParam(request.query);
    const actingUser = await resolveActingUser(request.server.db, realUser, targetId);
    const roles = deriveRoles(actingUser.ability);
    request.auth = { realUser, actingUser, roles, proxied: actingUser !== realUser, tokens };

    // `login`: any session; a role list: the acting user must hold one of them.
    if (access !== 'login' && !canAccess(access, roles)) throw new AppError('noAuthority');
  };
}
