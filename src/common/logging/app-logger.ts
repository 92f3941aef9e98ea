import { LoggerService } from '@nestjs/common';
import pino, { Logger, LevelWithSilent } from 'pino';

/**
 * Structured JSON logs (pino) for both our code and Nest's own messages, so one log stream carries
 * request ids, errors with stacks and framework events alike.
 */
export class AppLogger implements LoggerService {
  readonly pino: Logger;

  constructor(level: LevelWithSilent, destination?: pino.DestinationStream) {
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
