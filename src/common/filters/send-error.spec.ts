import type { ServerResponse } from 'node:http';
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  HashingBusyError,
  InternalServerError,
  ServiceBusyError,
  ServiceUnavailableError,
} from '../errors/errors';
import type { AppLogger } from '../logging/app-logger';
import { sendError } from './send-error';

function capture(exception: unknown) {
  const calls: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const record = (level: string) => (obj: Record<string, unknown>, msg?: string) => calls.push({ level, obj, msg });
  const logger = { warn: record('warn'), error: record('error') } as unknown as AppLogger;
  const res = {
    headersSent: false,
    removeHeader: () => undefined,
    setHeader: () => undefined,
    end: () => undefined,
  } as unknown as ServerResponse;
  sendError(
    { originalUrl: '/utils/hash/verify?access_token=secret-token', id: 'r1' },
    res,
    exception,
    logger,
    () => null,
  );
  return calls;
}

describe(sendError.name, () => {
  it.each([
    ['hashing refused', new HashingBusyError()],
    ['a busy database', new DatabaseBusyError()],
    ['a stalled or unreachable database', new DatabaseUnavailableError()],
    [
      'a transformation queue full',
      new ServiceBusyError('assets', 'Server too busy to transform the image, retry later'),
    ],
  ])('logs shed load (%s) as one warning without the error or its stack, nor the query string', (_label, error) => {
    const calls = capture(error);
    expect(calls).toEqual([
      {
        level: 'warn',
        obj: { reqId: 'r1', path: '/utils/hash/verify', service: error.extensions?.service },
        msg: error.message,
      },
    ]);
    expect(JSON.stringify(calls)).not.toContain('secret-token');
  });

  it.each([
    ['an unexpected error', new Error('boom')],
    ['a 500', new InternalServerError()],
    ['a storage failure', new ServiceUnavailableError('storage', 'Could not store the file')],
  ])('logs %s at error level with the error itself (its stack)', (_label, error) => {
    const calls = capture(error);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ level: 'error', obj: { err: error, reqId: 'r1' } });
  });
});
