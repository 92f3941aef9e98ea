import { QueryFailedError } from 'typeorm';
import { AppLogger } from './app-logger';
import { errorWithoutSecrets } from './log-redaction';

function logged(write: (logger: AppLogger) => void): Record<string, any> {
  const lines: string[] = [];
  write(new AppLogger('trace', { write: (line: string) => lines.push(line) }));
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe(errorWithoutSecrets.name, () => {
  it('keeps what explains a failed statement, not its values', () => {
    const driverError = Object.assign(new Error("Duplicate entry 'x'"), {
      code: 'ER_DUP_ENTRY',
      sql: "INSERT INTO t VALUES ('hunter2')",
    });
    const err = errorWithoutSecrets(
      new QueryFailedError('INSERT INTO t VALUES (?)', ['hunter2'], driverError),
    ) as Record<string, any>;
    expect(err).toMatchObject({
      type: 'QueryFailedError',
      query: 'INSERT INTO t VALUES (?)',
      parameters: '[redacted]',
      code: 'ER_DUP_ENTRY',
    });
    expect(err.driverError).toMatchObject({ code: 'ER_DUP_ENTRY', sql: '[redacted]' });
    expect(JSON.stringify(err)).not.toContain('hunter2');
  });

  it.each([
    [
      'an S3 refusal',
      {
        name: 'InvalidAccessKeyId',
        AWSAccessKeyId: 'AKIA-SECRET',
        StringToSign: 'AKIA-SECRET',
        Code: 'InvalidAccessKeyId',
      },
    ],
    [
      'an HTTP client error',
      {
        name: 'HTTPError',
        config: { headers: { Authorization: 'Bearer AKIA-SECRET' }, body: '{"password":"AKIA-SECRET"}' },
      },
    ],
    ['a value that is not an Error', { password: 'AKIA-SECRET', nested: [{ token: 'AKIA-SECRET' }] }],
  ])('drops the secrets of %s', (_label, fields) => {
    const err = Object.assign(new Error('refused'), fields);
    expect(JSON.stringify(errorWithoutSecrets(err))).not.toContain('AKIA-SECRET');
    expect(JSON.stringify(errorWithoutSecrets({ ...fields }))).not.toContain('AKIA-SECRET');
  });
});

describe('AppLogger redaction', () => {
  it.each([
    ['a body', { body: { email: 'a@example.com', password: 'hunter2-secret' } }],
    [
      'request headers',
      { req: { headers: { authorization: 'Bearer hunter2-secret', cookie: 'svc_session_token=hunter2-secret' } } },
    ],
    ['response headers', { res: { headers: { 'set-cookie': 'svc_refresh_token=hunter2-secret' } } }],
    ['a user', { user: { id: 1, tfa_secret: 'hunter2-secret', token: 'hunter2-secret' } }],
    ['top-level fields', { access_token: 'hunter2-secret', refresh_token: 'hunter2-secret', otp: 'hunter2-secret' }],
    ['an error', { err: Object.assign(new Error('failed'), { parameters: ['hunter2-secret'] }) }],
  ])('keeps secrets of %s out of the line', (_label, fields) => {
    const line = logged((logger) => logger.warn(fields, 'something happened'));
    expect(JSON.stringify(line)).not.toContain('hunter2-secret');
    expect(JSON.stringify(line)).toContain('[redacted]');
  });

  it('keeps the rest of the line', () => {
    const line = logged((logger) =>
      logger.info({ body: { email: 'a@example.com', password: 'p' }, status: 200 }, 'done'),
    );
    expect(line).toMatchObject({ msg: 'done', status: 200, body: { email: 'a@example.com', password: '[redacted]' } });
  });
});
