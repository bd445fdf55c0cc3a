import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type LogFn = FastifyBaseLogger['info'];

/**
 * A request's child logger, made only when the request logs something. Fastify builds a pino
 * child (with the request id) for every request; most requests never log, and on the hot read
 * paths (scripture chapters) that child was a measurable share of the work.
 */
export class LazyChildLogger {
  #real: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #opts: object;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, opts: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#opts = opts;
  }

  get #logger(): FastifyBaseLogger {
    return (this.#real ??= this.#parent.child(this.#bindings, this.#opts));
  }

  get level(): string {
    return this.#real?.level ?? (this.#parent.level as string);
  }
  set level(level: string) {
    this.#logger.level = level;
  }

  // Methods on the prototype, not arrow functions made for every request.
  fatal(...args: Parameters<LogFn>): void {
    this.#logger.fatal(...args);
  }
  error(...args: Parameters<LogFn>): void {
    this.#logger.error(...args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.#logger.warn(...args);
  }
  info(...args: Parameters<LogFn>): void {
    this.#logger.info(...args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.#logger.debug(...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.#logger.trace(...args);
  }
  silent(): void {}

  child(bindings: Bindings, opts?: object): FastifyBaseLogger {
    return this.#logger.child(bindings, opts);
  }

  isLevelEnabled(level: string): boolean {
    const logger = (this.#real ?? this.#parent) as FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
    return logger.isLevelEnabled(level);
  }
}

/** Fastify's `childLoggerFactory`: the lazy child above. */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, opts: object): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, opts) as unknown as FastifyBaseLogger;
}
