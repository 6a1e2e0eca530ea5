/**
 * Puts the delivery engine into the app: its HTTP entry points, `app.delivery()` for the
 * console's diagnosis, and the last flush when the app closes (after in-flight requests
 * finished), which the graceful shutdown relies on. In production without PUBLIC_URL it
 * warns at start: tracking URLs then take their origin from each request's Host header.
 *
 * The entry points live in a context of their own, a sibling of the console's: the console's
 * plugins (multipart forms, docs) add no hook to an ad request (docs/decisions/delivery.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { DeliveryEngine, type EngineOptions } from './engine.js';
import { deferredRequestLogger } from './http/request-logger.js';
import { registerDeliveryRoutes } from './http/routes.js';
import { registerDemoPages } from './publisher/demo-pages.js';
import { registerSdkFiles, SDK_DIST } from './publisher/sdk-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's delivery engine, made on first use. */
    delivery: () => DeliveryEngine;
  }
}

export const PUBLIC_URL_WARNING =
  "PUBLIC_URL is not set: tracking and asset URLs take their origin from each request's " +
  'Host header, which the client chooses. Set PUBLIC_URL to the origin devices reach ' +
  '(e.g. https://ads.example.com); see docs/OPERATIONS.md.';

/** The start-up warning about the tracking origin, when there is one to give. */
export function publicUrlWarning(config: Pick<Config, 'isProduction' | 'publicUrl'>) {
  return config.isProduction && !config.publicUrl ? PUBLIC_URL_WARNING : undefined;
}

export function registerDelivery(
  app: FastifyInstance,
  overrides: Partial<Omit<EngineOptions, 'db' | 'config' | 'log'>> = {},
): void {
  const warning = publicUrlWarning(app.config);
  if (warning) app.log.warn(warning);
  let engine: DeliveryEngine | null = null;
  const get = () =>
    (engine ??= new DeliveryEngine({ db: app.db, config: app.config, log: app.log, ...overrides }));
  app.decorate('delivery', get);
  void app.register(async (scope) => {
    scope.setChildLoggerFactory(deferredRequestLogger);
    registerDeliveryRoutes(scope, get);
    // The publisher's side of serving: the web SDK and the demo site that shows it (issue 17).
    registerSdkFiles(scope, SDK_DIST);
    registerDemoPages(scope, () => app.db);
  });
  app.addHook('onClose', async () => {
    await engine?.close();
  });
}
