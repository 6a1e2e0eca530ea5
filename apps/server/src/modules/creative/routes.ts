import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { registerEndpoint } from '../../http/endpoint.js';
import type { GuardOptions } from '../../outbound/url-guard.js';
import { approveCreatives, countAudit, listAudit, rejectCreatives } from './audit-service.js';
import { bulkCreatives } from './bulk.js';
import {
  createCreative,
  getCreative,
  listCreatives,
  modifyCreative,
  switchCreative,
} from './service.js';

/** Monitor links pass the outbound URL guard of demand partners, with its operator switch. */
const guardOf = (config: Config): GuardOptions => ({
  allowPrivate: config.dspAllowPrivateNetworks,
});

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
    async ({ db, auth, body, config }) => createCreative({ db, auth }, body, guardOf(config)),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyCreative, async ({ db, auth, body, config }) =>
    modifyCreative({ db, auth }, body, guardOf(config)),
  );
  registerEndpoint(app, ENDPOINTS.switchCreative, async ({ db, auth, body }) =>
    switchCreative({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.bulkCreatives, async ({ db, auth, body }) =>
    bulkCreatives({ db, auth }, body),
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
