import { gzipSync } from 'node:zlib';
import { Controller, Get, Module } from '@nestjs/common';
import { AppLogger } from '../../../src/common/logging/app-logger';
import { expectError } from '../../helpers/expect-error';
import { rawClient } from '../../helpers/raw-http';
import { createTestApp, TestApp } from '../../helpers/test-app';

@Controller('__probe')
class ProbeController {
  @Get('crash')
  crash(): never {
    throw new Error('secret internal detail at /srv/vellum');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('the standard error body', () => {
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    const logger = new AppLogger('error', { write: (line: string) => logged.push(line) });
    t = await createTestApp({ env: { MAX_PAYLOAD_SIZE: '1kb' }, extraModules: [ProbeModule], logger });
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 ROUTE_NOT_FOUND', async () => {
    const res = await expectError(t.as('anonymous').get('/no/such/route'), 404, 'ROUTE_NOT_FOUND');
    expect(res.body.errors[0].extensions.path).toBe('/no/such/route');
  });

  it('answers an unknown method on a known path with 404 ROUTE_NOT_FOUND', () =>
    expectError(t.as('anonymous').delete('/server/ping'), 404, 'ROUTE_NOT_FOUND'));

  it('answers malformed JSON with 400 INVALID_PAYLOAD', () =>
    expectError(
      t.as('anonymous').post('/auth/login').set('Content-Type', 'application/json').send('{"email": '),
      400,
      'INVALID_PAYLOAD',
    ));

  it('answers a body over MAX_PAYLOAD_SIZE with 413 CONTENT_TOO_LARGE', () =>
    expectError(
      t
        .as('anonymous')
        .post('/auth/login')
        .send({ email: 'a@example.com', password: 'x'.repeat(2048) }),
      413,
      'CONTENT_TOO_LARGE',
    ));

  it('answers a body that does not decompress with 400 INVALID_PAYLOAD', () =>
    expectError(
      t
        .as('anonymous')
        .post('/auth/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('{"email":"a@example.com"}'),
      400,
      'INVALID_PAYLOAD',
    ));

  it('reads a gzip-compressed JSON body', async () => {
    const http = await rawClient(t.server);
    try {
      const res = await http.send({
        method: 'POST',
        path: '/auth/login',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ email: t.config.admin.email, password: t.config.admin.password })),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.access_token).toEqual(expect.any(String));
    } finally {
      http.close();
    }
  });

  it('answers a JSON body that is not an object or an array with 400 INVALID_PAYLOAD', () =>
    expectError(
      t.as('anonymous').post('/auth/login').set('Content-Type', 'application/json').send('"just a string"'),
      400,
      'INVALID_PAYLOAD',
    ));

  it.each(['/items/%ZZ', '/roles/%E0%A4%A'])(
    'answers a path that does not percent-decode (%s) with 400 INVALID_PAYLOAD',
    (path) => expectError(t.as('admin').get(path), 400, 'INVALID_PAYLOAD'),
  );

  it('takes path parameters of any length (long string keys) to the handler', () =>
    expectError(t.as('admin').get(`/items/no_such_collection/${'k'.repeat(3000)}`), 403, 'FORBIDDEN'));

  it('answers a body nested deeper than 100 levels with 400 INVALID_PAYLOAD', async () => {
    const deep = `${'['.repeat(101)}${']'.repeat(101)}`;
    const res = await expectError(
      t.as('anonymous').post('/auth/login').set('Content-Type', 'application/json').send(`{"email":${deep}}`),
      400,
      'INVALID_PAYLOAD',
    );
    expect(res.body.errors[0].message).toContain('nested deeper than 100 levels');
    expect(
      (
        await t
          .as('anonymous')
          .post('/auth/login')
          .set('Content-Type', 'application/json')
          .send(`{"email":${'['.repeat(50)}${']'.repeat(50)}}`)
      ).body.errors[0].message,
    ).not.toContain('nested');
  });

  it('answers a request Node cannot parse with the standard error body, not an empty 400', async () => {
    const http = await rawClient(t.server);
    try {
      expect((await http.send({ method: 'GET', path: '/server/ping' })).text).toBe('pong');
      // The same keep-alive connection: the bad request still gets its answer after an earlier one.
      await expectError(http.send({ method: 'GET', path: '/items/\u00fc' }), 400, 'INVALID_PAYLOAD');
      await expectError(
        http.send({ method: 'GET', path: `/server/ping?x=${'a'.repeat(20_000)}` }),
        431,
        'INVALID_PAYLOAD',
      );
    } finally {
      http.close();
    }
    expect((await t.as('anonymous').get('/server/ping')).text).toBe('pong');
  });

  it('answers a DTO violation with 400 INVALID_PAYLOAD naming the field', async () => {
    const res = await expectError(
      t.as('anonymous').post('/auth/login').send({ email: 'not-an-email', password: 'x' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(res.body.errors[0].message).toContain('email');
  });

  it('answers an unexpected exception with a generic 500 and logs the stack', async () => {
    const res = await expectError(t.as('anonymous').get('/__probe/crash'), 500, 'INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
    const entry = logged
      .map((line) => JSON.parse(line))
      .find((l) => l.err?.message?.includes('secret internal detail'));
    expect(entry?.err.stack).toContain('ProbeController.crash');
  });

  it('keeps serving after a crash', async () => {
    expect((await t.as('anonymous').get('/server/ping')).text).toBe('pong');
  });

  it('answers wrong credentials with 401 INVALID_CREDENTIALS', () =>
    expectError(
      t.as('anonymous').post('/auth/login').send({ email: 'admin@example.com', password: 'wrong' }),
      401,
      'INVALID_CREDENTIALS',
    ));
});
