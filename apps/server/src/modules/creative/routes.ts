import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { approveCreatives, countAudit, listAudit, rejectCreatives } from './audit-service.js';
import {
  createCreative,
  getCreative,
  listCreatives,
  modifyCreative,
  switchCreative,
} from './service.js';

/** Creatives (/ad/idea) and their audit (/ad/exam). */
export function registerCreativeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listCreatives, async ({ db, auth, query }) =>
    listCreatives(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.getCreative, async ({ db, auth, query }) =>
    getCreative(db, auth, query.id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createCreative,
    async ({ db, auth, body }) => createCreative({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyCreative, async ({ db, auth, body }) =>
    modifyCreative({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchCreative, async ({ db, auth, body }) =>
    switchCreative({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.listAudit, async ({ db, auth, query }) =>
    listAudit(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.countAudit, async ({ db, auth, query }) =>
    countAudit(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.approveCreatives, async ({ db, auth, body }) =>
    approveCreatives({ db, auth }, body.ids),
  );
  registerEndpoint(app, ENDPOINTS.rejectCreatives, async ({ db, auth, body }) =>
    rejectCreatives({ db, auth }, body.ids, body.reason),
  );
}
