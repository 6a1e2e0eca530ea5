/**
 * Builds the Fastify instance: used by main.ts to serve and by tests through app.inject.
 * The caller owns the database handle (opens, migrates and closes it).
 */
import { AppError, UPLOAD_MAX_BYTES } from '@adloom/domain';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerDocs } from './http/docs.js';
import { handleError } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { validatorCompiler } from './http/validator.js';
import { registerNotFound, registerWebApp, webAppAvailable } from './http/web.js';
import './http/types.js';
import { loggerOptions } from './logger.js';
import { registerAccountRoutes } from './modules/account/routes.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerChangeRoutes } from './modules/changes/routes.js';
import { registerDashboardRoutes } from './modules/dashboard/routes.js';
import { registerFundRoutes } from './modules/fund/routes.js';
import { registerSettingsRoutes } from './modules/settings/routes.js';
import { registerUserRoutes } from './modules/user/routes.js';
import { registerCreativeRoutes } from './modules/creative/routes.js';
import { materialWork, registerMaterialRoutes } from './modules/material/routes.js';
import { registerPlanRoutes } from './modules/plan/routes.js';
import { registerMediaRoutes } from './modules/media/routes.js';
import { registerDspRoutes } from './modules/dsp/routes.js';
import { registerSspStrategyRoutes } from './modules/ssp-strategy/routes.js';
import { registerReportRoutes } from './modules/report/routes.js';
import { registerDeliveryConsoleRoutes } from './modules/delivery/routes.js';
import { registerCurrencyRoutes } from './modules/currency/routes.js';
import { registerDelivery } from './delivery/plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that takes files (with `multipartOptions.limits.files` above 0) streams each
     * file part here instead of buffering it: the material upload.
     */
    receiveFile?: (request: FastifyRequest, part: MultipartFile) => Promise<void>;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the logger built from the config (tests pass false). */
  logger?: FastifyServerOptions['logger'];
}

/** The console's Content-Security-Policy (antd's CSS-in-JS needs inline styles). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:', 'http:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorateRequest('auth', null);

  // The error handler first: contexts created later inherit it.
  app.setErrorHandler(handleError);
  // Two sibling contexts, the ad-serving routes and everything a browser reads, so that no
  // hook of the console's (security headers, multipart forms, docs) runs on an ad request:
  // Fastify runs a context's hooks on every route in it, whatever the route's config says.
  registerDelivery(app);
  await app.register(materialWork);
  await app.register(async (web) => registerBrowserFacing(web, config));
  return app;
}

/**
 * The console's API, its files and the not-found page (answering every path no route
 * takes, the ad paths' included), all with the security headers.
 */
async function registerBrowserFacing(app: FastifyInstance, config: Config): Promise<void> {
  const serveConsole = webAppAvailable(config.webDist);
  registerNotFound(app, serveConsole, config.webDist);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES },
  });
  await app.register(registerConsole);
  if (serveConsole) await registerWebApp(app, config.webDist);
}

/** The console's API: its plugins and every /svc route, in one encapsulated context. */
async function registerConsole(app: FastifyInstance): Promise<void> {
  // Brotli or gzip as the browser asks, for answers past 1 KB (lists, reports, exports). The
  // console's files come precompressed (http/web.ts); the ad routes compress on their own.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // Forms post as multipart (docs/product/api-conventions.md#multipart): their fields become the body, validated by the same
  // schema as JSON. Files are refused, except on a route whose config allows them
  // (`multipartOptions`) and streams them to its own `receiveFile` (the material upload).
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 100, fieldSize: 64 * 1024, files: 0, fileSize: UPLOAD_MAX_BYTES },
    async onFile(part) {
      const receive = this.routeOptions.config.receiveFile;
      if (receive) await receive(this, part);
      else await part.toBuffer();
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('tooManyRequests', 'error.retryAfter', undefined, { after: context.after }),
  });
  await registerDocs(app);

  registerHealth(app);
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerDashboardRoutes(app);
  registerSettingsRoutes(app);
  registerChangeRoutes(app);
  registerAccountRoutes(app);
  registerFundRoutes(app);
  await registerMaterialRoutes(app);
  registerCreativeRoutes(app);
  registerPlanRoutes(app);
  registerMediaRoutes(app);
  registerDspRoutes(app);
  registerSspStrategyRoutes(app);
  registerReportRoutes(app);
  registerDeliveryConsoleRoutes(app);
  registerCurrencyRoutes(app);
}
