import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { login, logout } from './service.js';

export function registerAuthRoutes(app: FastifyInstance): void {
  const rateLimit = { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' };

  registerEndpoint(
    app,
    ENDPOINTS.accountLogin,
    async ({ body, db, config }) => login(db, body, 'admin', config.sessionTtlHours),
    { rateLimit },
  );

  registerEndpoint(
    app,
    ENDPOINTS.serviceLogin,
    async ({ body, db, config }) => {
      const { token, id, expiresAt } = await login(db, body, 'service', config.sessionTtlHours);
      return { access_token: token, id, expiresAt };
    },
    { rateLimit },
  );

  registerEndpoint(app, ENDPOINTS.logout, async ({ auth, db }) => {
    await logout(db, auth.tokens);
    return null;
  });
}
