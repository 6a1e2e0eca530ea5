import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import {
  createAccount,
  getAccount,
  listAccounts,
  modifyAccount,
  resetAccountPassword,
  switchAccount,
} from './service.js';

export function registerAccountRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listAccounts, async ({ db, auth, query }) =>
    listAccounts(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.getAccount, async ({ db, auth, query }) =>
    getAccount(db, auth, query.id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createAccount,
    async ({ db, auth, body }) => createAccount({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyAccount, async ({ db, auth, body }) =>
    modifyAccount({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchAccount, async ({ db, auth, body }) =>
    switchAccount({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.resetAccountPassword, async ({ db, auth, body }) => {
    await resetAccountPassword({ db, auth }, body);
    return null;
  });
}
