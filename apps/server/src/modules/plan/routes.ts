import { ENDPOINTS } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { bulkPlans } from './bulk.js';
import { completePlan } from './completion.js';
import {
  copyPlan,
  createPlan,
  getPlan,
  listPlans,
  modifyPlan,
  switchPlan,
} from './plan-service.js';
import {
  createStrategy,
  deleteStrategy,
  listStrategies,
  modifyStrategy,
  switchStrategy,
} from './strategy-service.js';

/** Plans and strategies (/ad/plan). */
export function registerPlanRoutes(app: FastifyInstance): void {
  registerEndpoint(app, ENDPOINTS.listPlans, async ({ db, auth, query }) =>
    listPlans(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.getPlan, async ({ db, auth, query }) =>
    getPlan(db, auth, query.id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createPlan,
    async ({ db, auth, body }) => createPlan({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyPlan, async ({ db, auth, body }) =>
    modifyPlan({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchPlan, async ({ db, auth, body }) =>
    switchPlan({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.bulkPlans, async ({ db, auth, body }) =>
    bulkPlans({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.copyPlan, async ({ db, auth, body }) =>
    copyPlan({ db, auth }, body.id),
  );
  registerEndpoint(app, ENDPOINTS.completePlan, async ({ db, auth, body }) =>
    completePlan({ db, auth }, body.id),
  );
  registerEndpoint(app, ENDPOINTS.listStrategies, async ({ db, auth, query }) =>
    listStrategies(db, auth, query.plan_id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.createStrategy,
    async ({ db, auth, body }) => createStrategy({ db, auth }, body),
    { refuseEmptyBody: true },
  );
  registerEndpoint(app, ENDPOINTS.modifyStrategy, async ({ db, auth, body }) =>
    modifyStrategy({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchStrategy, async ({ db, auth, body }) =>
    switchStrategy({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.deleteStrategy, async ({ db, auth, body }) => {
    await deleteStrategy({ db, auth }, body);
    return null;
  });
}
