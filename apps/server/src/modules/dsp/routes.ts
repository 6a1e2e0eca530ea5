import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { registerEndpoint } from '../../http/endpoint.js';
import {
  createDsp,
  listAllDsps,
  listDsps,
  modifyDsp,
  switchDsp,
  testDsp,
  type DspSettings,
} from './service.js';

const settingsOf = (config: Config): DspSettings => ({
  allowPrivate: config.dspAllowPrivateNetworks,
});

/** Demand partners (/ssp/dsp) and the OpenRTB test action. Roles system and ssp. */
export function registerDspRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listDsps, async ({ db, query }) => listDsps(db, query));
  registerEndpoint(app, ENDPOINTS.listAllDsps, async ({ db }) => listAllDsps(db));
  registerEndpoint(
    app,
    ENDPOINTS.createDsp,
    async ({ db, auth, body, config }) => createDsp({ db, auth }, body, settingsOf(config)),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyDsp, async ({ db, auth, body, config }) =>
    modifyDsp({ db, auth }, body, settingsOf(config)),
  );
  registerEndpoint(app, ENDPOINTS.switchDsp, async ({ db, auth, body }) =>
    switchDsp({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.testDsp, async ({ db, body, config }) =>
    testDsp(db, body.id, settingsOf(config)),
  );
}
