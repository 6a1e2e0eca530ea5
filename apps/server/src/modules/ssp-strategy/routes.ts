import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import {
  createSspStrategy,
  getSlotSplit,
  listSspStrategies,
  modifySspStrategy,
  switchSspStrategy,
} from './service.js';

/** SSP strategies and slot traffic splits (configured on /ssp/dsp; roles system and ssp). */
export function registerSspStrategyRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listSspStrategies, async ({ db, query }) =>
    listSspStrategies(db, query),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createSspStrategy,
    async ({ db, auth, body }) => createSspStrategy({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifySspStrategy, async ({ db, auth, body }) =>
    modifySspStrategy({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchSspStrategy, async ({ db, auth, body }) =>
    switchSspStrategy({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.getSlotSplit, async ({ db, query }) =>
    getSlotSplit(db, query.slot_id),
  );
}
