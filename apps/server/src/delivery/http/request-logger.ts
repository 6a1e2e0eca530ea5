/**
 * The delivery routes' per-request logger, made only when something is logged. Fastify makes
 * a pino child per request (bound to its id); with the console's redaction paths that child
 * costs a few microseconds of stringifying each time, paid on every ad request although a
 * served ad logs nothing at the production level. This logger defers the child to its first
 * enabled call, so an error still logs with its request id.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type LogArgs = Parameters<FastifyBaseLogger['info']>;

class DeferredRequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  private child_(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings);
    return this.made;
  }

  private log(level: Level, args: LogArgs): void {
    if (this.made || this.parent.isLevelEnabled(level)) this.child_()[level](...args);
  }

  fatal(...args: LogArgs) {
    this.log('fatal', args);
  }
  error(...args: LogArgs) {
    this.log('error', args);
  }
  warn(...args: LogArgs) {
    this.log('warn', args);
  }
  info(...args: LogArgs) {
    this.log('info', args);
  }
  debug(...args: LogArgs) {
    this.log('debug', args);
  }
  trace(...args: LogArgs) {
    this.log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child_().child(bindings, options);
  }
}

/**
 * For `setChildLoggerFactory` of the delivery routes' context. A route with its own log
 * level or serializers gets its child at once (none of the delivery routes has them), and
 * so does a logger that is not pino's (Fastify's silent one when logging is off).
 */
export function deferredRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const isPino = typeof (logger as Partial<Logger>).isLevelEnabled === 'function';
  if (!isPino || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new DeferredRequestLogger(logger as Logger, bindings) as FastifyBaseLogger;
}
