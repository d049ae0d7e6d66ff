// A request's logger made on first use: most requests never write a line (production logs errors,
// slow requests and a sample), and making a pino child for each of tens of thousands of requests a
// second is measurable work. Fastify's `childLoggerFactory` hands this out instead.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }
  private get it(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }
  get level(): string {
    return this.it.level;
  }
  set level(level: string) {
    this.it.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.it.child(bindings, options);
  }
  fatal(...args: unknown[]) {
    this.call('fatal', args);
  }
  error(...args: unknown[]) {
    this.call('error', args);
  }
  warn(...args: unknown[]) {
    this.call('warn', args);
  }
  info(...args: unknown[]) {
    this.call('info', args);
  }
  debug(...args: unknown[]) {
    this.call('debug', args);
  }
  trace(...args: unknown[]) {
    this.call('trace', args);
  }
  silent(...args: unknown[]) {
    this.call('silent', args);
  }
  private call(level: Level, args: unknown[]) {
    (this.it[level] as (...a: unknown[]) => void)(...args);
  }
}

export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
