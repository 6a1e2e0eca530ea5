import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { changePassword, currentUserOf, unlockUser, updateProfile } from './service.js';

export function registerUserRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.currentUser, async ({ auth }) => currentUserOf(auth));

  registerEndpoint(app, ENDPOINTS.updateProfile, async ({ auth, body, db }) =>
    updateProfile(db, auth, body),
  );

  registerEndpoint(app, ENDPOINTS.changePassword, async ({ auth, body, db }) => {
    await changePassword(db, auth, body);
    return null;
  });

  registerEndpoint(app, ENDPOINTS.unlockUser, async ({ auth, body, db }) => {
    await unlockUser(db, auth, body.id);
    return null;
  });
}
