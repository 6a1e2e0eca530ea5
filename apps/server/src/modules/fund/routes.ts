import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import {
  adjustBalance,
  approveRequest,
  listLedger,
  listRequests,
  rejectRequest,
  topUp,
} from './service.js';

export function registerFundRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.topUp, async ({ db, auth, body }) => topUp(db, auth, body));
  registerEndpoint(app, ENDPOINTS.adjustBalance, async ({ db, auth, body }) =>
    adjustBalance(db, auth, body),
  );
  registerEndpoint(app, ENDPOINTS.listLedger, async ({ db, auth, query }) =>
    listLedger(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.listFundRequests, async ({ db, auth, query }) =>
    listRequests(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.approveFundRequest, async ({ db, auth, body }) =>
    approveRequest(db, auth, body),
  );
  registerEndpoint(app, ENDPOINTS.rejectFundRequest, async ({ db, auth, body }) =>
    rejectRequest(db, auth, body),
  );
}
