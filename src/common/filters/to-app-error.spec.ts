import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppErrorList } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { ForbiddenError, InvalidQueryError, RecordNotUniqueError } from '../errors/errors';
import { toAppError } from './to-app-error';

describe(toAppError.name, () => {
  it.each([
    ['an AppError as it is', new InvalidQueryError('bad'), ErrorCode.InvalidQuery, 400],
    ['Nest 404 to ROUTE_NOT_FOUND', new NotFoundException('Cannot GET /x'), ErrorCode.RouteNotFound, 404],
    [
      'a file over the upload limit (413 from multer) to CONTENT_TOO_LARGE',
      new PayloadTooLargeException(),
      ErrorCode.ContentTooLarge,
      413,
    ],
    ['other 4xx Nest errors to INVALID_PAYLOAD', new BadRequestException('nope'), ErrorCode.InvalidPayload, 400],
  ])('maps %s', (_label, input, code, status) => {
    const result = toAppError(input, '/x');
    expect(result).not.toBeNull();
    expect(result).not.toBeInstanceOf(AppErrorList);
    expect((result as { code: string }).code).toBe(code);
    expect(result!.status).toBe(status);
  });

  it('names the path of an unknown route', () => {
    expect(toAppError(new NotFoundException(), '/nowhere')).toMatchObject({ extensions: { path: '/nowhere' } });
  });

  it('asks the dialect to translate database errors', () => {
    const err = new QueryFailedError('INSERT', [], new Error('dup'));
    const translated = new RecordNotUniqueError({ collection: 'a', field: 'b' });
    expect(toAppError(err, '/', () => translated)).toBe(translated);
    expect(toAppError(err, '/', () => null)).toBeNull();
  });

  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['no pooled PostgreSQL connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'PostgreSQL shutting down (57P01)',
      new QueryFailedError('SELECT 1', [], withCode('terminating connection due to administrator command', '57P01')),
    ],
    ['PostgreSQL starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['MariaDB gone', withCode('Connection lost: The server closed the connection.', 'PROTOCOL_CONNECTION_LOST')],
  ])('maps %s to a 503 SERVICE_UNAVAILABLE', (_label, input) => {
    const result = toAppError(input, '/', () => null);
    expect(result).toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      status: 503,
      extensions: { service: 'database' },
    });
  });

  it.each([[new Error('boom')], [new TypeError('x is undefined')], ['a string'], [undefined]])(
    'leaves unexpected %p to the generic 500',
    (input) => expect(toAppError(input, '/')).toBeNull(),
  );

  it('keeps a list of errors whole', () => {
    const list = new AppErrorList([new ForbiddenError(), new InvalidQueryError('x')]);
    expect(toAppError(list, '/')).toBe(list);
    expect(list.status).toBe(500);
    expect(new AppErrorList([new InvalidQueryError('a'), new InvalidQueryError('b')]).status).toBe(400);
  });
});
