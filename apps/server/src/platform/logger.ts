import type { FastifyBaseLogger } from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions } from 'pino';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * Logging goes through our own pino instance, not Fastify's logger option: with a logger, Fastify
 * attaches response listeners and builds a pino child on every request, which together cost over a
 * third of a cached call's throughput (bench/RESULTS.md, ADR 008). Each request gets this light logger
 * instead; it builds its pino child (with the request id) on the first line actually written.
 */
class RequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
  ) {}

  private write(level: LevelName, args: unknown[]): void {
    if (this.real === undefined) {
      if (!this.parent.isLevelEnabled(level)) return;
      this.real = this.parent.child(this.bindings);
    }
    (this.real[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }
  set level(value: string) {
    this.real ??= this.parent.child(this.bindings);
    this.real.level = value;
  }
  isLevelEnabled(level: string): boolean {
    return (this.real as PinoLike | undefined)?.isLevelEnabled(level) ?? this.parent.isLevelEnabled(level);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings);
    return this.real.child(bindings, options);
  }
}

export type Logger = FastifyBaseLogger;

export function createRootLogger(level: string): Logger {
  return pino({ level }) as unknown as Logger;
}

export function requestLogger(root: Logger, reqId: string): Logger {
  return new RequestLogger(root as PinoLike, { reqId }) as unknown as Logger;
}
