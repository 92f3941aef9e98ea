import { LoggerService } from '@nestjs/common';
import pino, { Logger, LevelWithSilent } from 'pino';

import { isFrameworkChatter } from './framework-chatter';
import { errorWithoutSecrets, REDACT_PATHS } from './log-redaction';
import { REDACTED } from './secret-names';

export type LogFormat = 'json' | 'pretty' | 'auto';

/**
 * Without a destination, stdout is written asynchronously: pino's default blocks on one write() system
 * call per line, i.e. per request at LOG_LEVEL=info. Lines written while a write is in flight go out
 * together, and pino flushes what is left when the process exits. On a terminal (or LOG_FORMAT=pretty)
 * a person reads the lines, so they are made readable instead.
 */
function defaultDestination(format: LogFormat): pino.DestinationStream {
  const readable = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  // Only on a terminal: a server writing JSON logs never loads the pretty printer.
  if (readable)
    return (require('pino-pretty') as typeof import('pino-pretty'))({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
    });
  return pino.destination({ dest: 1, sync: false });
}

/**
 * Structured logs (pino) for both our code and Nest's own messages, so one log stream carries request
 * ids, errors with stacks and framework events alike. Logs are shipped and read by more people than
 * the accounts they describe: tokens, passwords and keys are redacted from every line, at every level.
 */
export class AppLogger implements LoggerService {
  readonly pino: Logger;

  constructor(level: LevelWithSilent, destination?: pino.DestinationStream, format: LogFormat = 'json') {
    const options: pino.LoggerOptions = {
      level,
      base: { service: 'vellum' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: errorWithoutSecrets },
    };
    this.pino = pino(options, destination ?? defaultDestination(format));
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

  /** Nest LoggerService: `log(message, context)`. Nest's start-up chatter (one line per route) is debug. */
  log(message: unknown, context?: string): void {
    if (isFrameworkChatter(context)) this.pino.debug({ context }, String(message));
    else this.pino.info({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.pino.trace({ context }, String(message));
  }

  fatal(message: unknown, context?: string): void {
    this.pino.fatal({ context }, String(message));
  }
}
