import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';

describe('POST /graphql/system utility mutations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (who: 'admin' | 'anonymous', query: string, variables: Record<string, unknown> = {}) =>
    t.as(who).post('/graphql/system').send({ query, variables });

  it('generates and verifies an argon2id hash', async () => {
    const generated = await run('anonymous', 'mutation { utils_hash_generate(string: "secret") }');
    expect(generated.status).toBe(200);
    const hash = generated.body.data.utils_hash_generate as string;
    expect(hash).toMatch(/^\$argon2id\$/);
    const verified = await run(
      'anonymous',
      'mutation($h: String!) { ok: utils_hash_verify(string: "secret", hash: $h) no: utils_hash_verify(string: "other", hash: $h) }',
      { h: hash },
    );
    expect(verified.body.data).toEqual({ ok: true, no: false });
  });

  it('makes random strings of the asked length and refuses out-of-range lengths with the REST code', async () => {
    const res = await run('anonymous', 'mutation { utils_random_string(length: 12) }');
    expect(res.body.data.utils_random_string).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const bad = await run('anonymous', 'mutation { utils_random_string(length: 501) }');
    expect(bad.body.errors[0].extensions.code).toMatch(/^INVALID_(QUERY|PAYLOAD)$/);
  });

  it('answers a variable of the wrong type with GRAPHQL_VALIDATION, not INTERNAL_SERVER_ERROR', async () => {
    const res = await run('anonymous', 'mutation($s: String!) { utils_hash_verify(string: $s, hash: $s) }', {
      s: { nested: ['x'] },
    });
    expect(res.body).toEqual({
      errors: [
        {
          message: expect.stringContaining('Variable "$s" got invalid value'),
          extensions: { code: 'GRAPHQL_VALIDATION' },
          locations: expect.any(Array),
        },
      ],
    });
  });

  it('answers a document nested thousands of levels deep with 400 GRAPHQL_VALIDATION', async () => {
    const deep = `mutation { utils_hash_generate(string: ${'['.repeat(5000)}${']'.repeat(5000)}) }`;
    await expectError(run('anonymous', deep), 400, 'GRAPHQL_VALIDATION');
    expect((await run('anonymous', '{ server_ping }')).body).toEqual({ data: { server_ping: 'pong' } });
  });

  it('answers server_health as GET /server/health: the status for anyone, the checks for administrators', async () => {
    expect((await run('anonymous', '{ server_health }')).body).toEqual({ data: { server_health: { status: 'ok' } } });
    const admin = (await run('admin', '{ server_health }')).body.data.server_health;
    expect(admin).toMatchObject({ status: 'ok', checks: expect.any(Object) });
  });

  it('lets only admins clear the cache', async () => {
    expect((await run('admin', 'mutation { utils_cache_clear }')).body).toEqual({ data: { utils_cache_clear: null } });
    const refused = await run('anonymous', 'mutation { utils_cache_clear }');
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
