import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import {
  createMedia,
  listAllMedia,
  listMedia,
  listMediaOwners,
  modifyMedia,
  switchMedia,
} from './media-service.js';
import {
  createSlot,
  getSlot,
  listAllSlots,
  listSlots,
  modifySlot,
  switchSlot,
} from './slot-service.js';
import { supplyImpact } from './impact.js';

/** Media and slots (/ssp/media, /ssp/slot). */
export function registerMediaRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listMedia, async ({ db, auth, query }) =>
    listMedia(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.listAllMedia, async ({ db, auth }) => listAllMedia(db, auth));
  registerEndpoint(app, ENDPOINTS.listMediaOwners, async ({ db, auth, query }) =>
    listMediaOwners(db, auth, query.keyword),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createMedia,
    async ({ db, auth, body }) => createMedia({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyMedia, async ({ db, auth, body }) =>
    modifyMedia({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchMedia, async ({ db, auth, body }) =>
    switchMedia({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.listSlots, async ({ db, auth, query }) =>
    listSlots(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.listAllSlots, async ({ db, auth }) => listAllSlots(db, auth));
  registerEndpoint(app, ENDPOINTS.getSlot, async ({ db, auth, query }) =>
    getSlot(db, auth, query.id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createSlot,
    async ({ db, auth, body }) => createSlot({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifySlot, async ({ db, auth, body }) =>
    modifySlot({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchSlot, async ({ db, auth, body }) =>
    switchSlot({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.getSupplyImpact, async ({ db, auth, query }) =>
    supplyImpact(db, auth, query.target, query.id),
  );
}
