import { QueryFailedError } from 'typeorm';

/** Socket failures of a driver that could not reach the database or lost its connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Server-side codes of a database going away: PostgreSQL's class 08 (connection exception) and 57P01-03
 * (shut down, crashed, starting up), MySQL/MariaDB's lost connection and server shutdown.
 */
const SERVER_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ECONNCLOSED',
]);

/**
 * What node-postgres and TypeORM say, without a code, when a connection dies under them or the pool
 * gives up waiting for one (DB_ACQUIRE_TIMEOUT).
 */
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|Can't add new command when connection is in closed state/i;

/**
 * Whether `e` says the database is out of reach (down, restarting, network cut) rather than that a
 * statement was wrong: the request can succeed later unchanged, so it is a 503, not a 500.
 */
export function isDatabaseUnreachable(e: unknown): boolean {
  for (const candidate of [e, e instanceof QueryFailedError ? e.driverError : undefined]) {
    if (!(candidate instanceof Error)) continue;
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code))) return true;
    if (MESSAGES.test(candidate.message)) return true;
  }
  return false;
}
