/** Every settings route (docs/product/console.md#screens /system/*): one folder per entity. */
import type { FastifyInstance } from 'fastify';
import { registerAdTypeRoutes } from './adtype/routes.js';
import { registerBrandRoutes } from './brand/routes.js';
import { registerCountryRoutes } from './country/routes.js';
import { registerHumanRoutes } from './human/routes.js';
import { registerLanguageRoutes } from './language/routes.js';
import { registerModelRoutes } from './model/routes.js';
import { registerStyleRoutes } from './style/routes.js';
import { registerSystemParameterRoutes } from './system/routes.js';

export function registerSettingsRoutes(app: FastifyInstance): void {
  registerLanguageRoutes(app);
  registerCountryRoutes(app);
  registerStyleRoutes(app);
  registerAdTypeRoutes(app);
  registerBrandRoutes(app);
  registerModelRoutes(app);
  registerHumanRoutes(app);
  registerSystemParameterRoutes(app);
}
