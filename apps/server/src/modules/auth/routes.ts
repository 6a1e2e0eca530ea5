import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { login, logout } from './service.js';

const signInContext = (request: FastifyRequest, config: Config) => ({
  ip: request.ip,
  ipFreeFailures: config.loginIpFreeFailures,
  sessionTtlHours: config.sessionTtlHours,
});

export function registerAuthRoutes(app: FastifyInstance): void {
  const rateLimit = { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' };

  registerEndpoint(
    app,
    ENDPOINTS.accountLogin,
    async ({ body, db, config, request }) =>
      login(db, body, 'admin', signInContext(request, config)),
    { rateLimit },
  );

  registerEndpoint(
    app,
    ENDPOINTS.serviceLogin,
    async ({ body, db, config, request }) => {
      const context = signInContext(request, config);
      const { token, id, expiresAt } = await login(db, body, 'service', context);
      return { access_token: token, id, expiresAt };
    },
    { rateLimit },
  );

  registerEndpoint(app, ENDPOINTS.logout, async ({ auth, db }) => {
    await logout(db, auth.tokens);
    return null;
  });
}
