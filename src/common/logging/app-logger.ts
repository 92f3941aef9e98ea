import { LoggerService } from '@nestjs/common';
import pino, { Logger, LevelWithSilent } from 'pino';

/**
 * Structured JSON logs (pino) for both our code and Nest's own messages, so one log stream carries
 * request ids, errors with stacks and framework events alike.
 */
export class AppLogger implements LoggerService {
  readonly pino: Logger;

  /**
   * Without a destination, stdout is written asynchronously: pino's default blocks on one write()
   * system call per line, i.e. per request at LOG_LEVEL=info. Lines written while a write is in flight
   * go out together, and pino flushes what is left when the process exits.
   */
  constructor(level: LevelWithSilent, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })) {
    this.pino = pino({ level, base: { service: 'vellum' }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  }

  info(obj: object | string, msg?: string): void {
    this.pino.info(obj as object, msg);
  }

  warn(obj: object | string, msg?: string): void {
    this.pino.warn(obj as object, msg);
  }

  error(obj: object | string, msg?: string): void {
    this.pino.error(obj as object, msg);
  }

  debug(obj: object | string, msg?: string): void {
    this.pino.debug(obj as object, msg);
  }

  /** Nest LoggerService: `log(message, context)`. */
  log(message: unknown, context?: string): void {
    this.pino.info({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.pino.trace({ context }, String(message));
  }

  fatal(message: unknown, context?: string): void {
    this.pino.fatal({ context }, String(message));
  }
}
