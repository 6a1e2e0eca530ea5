/**
 * Puts the delivery engine into the app: its HTTP entry points, `app.delivery()` for the
 * console's diagnosis, and the last flush when the app closes (after in-flight requests
 * finished), which the graceful shutdown relies on.
 *
 * The entry points live in a context of their own, a sibling of the console's: the console's
 * plugins (multipart forms, docs) add no hook to an ad request (docs/decisions/delivery.md).
 */
import type { FastifyInstance } from 'fastify';
import { DeliveryEngine, type EngineOptions } from './engine.js';
import { deferredRequestLogger } from './http/request-logger.js';
import { registerDeliveryRoutes } from './http/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's delivery engine, made on first use. */
    delivery: () => DeliveryEngine;
  }
}

export function registerDelivery(
  app: FastifyInstance,
  overrides: Partial<Omit<EngineOptions, 'db' | 'config' | 'log'>> = {},
): void {
  let engine: DeliveryEngine | null = null;
  const get = () =>
    (engine ??= new DeliveryEngine({ db: app.db, config: app.config, log: app.log, ...overrides }));
  app.decorate('delivery', get);
  void app.register(async (scope) => {
    scope.setChildLoggerFactory(deferredRequestLogger);
    registerDeliveryRoutes(scope, get);
  });
  app.addHook('onClose', async () => {
    await engine?.close();
  });
}
