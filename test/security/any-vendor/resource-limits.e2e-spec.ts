import * as argon2 from 'argon2';
import WebSocket from 'ws';
import { expectError } from '../../helpers/expect-error';
import { GqlSocket, Operation } from '../../helpers/graphql-ws-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';
import { socketUrl, TestSocket } from '../../helpers/ws-client';

/** A real argon2 hash (the test app's costs) whose parameters are then raised: verifying it would cost what they say. */
async function hashAsking(params: string): Promise<string> {
  const hash = await argon2.hash('secret', { memoryCost: 4096, timeCost: 2, parallelism: 1 });
  return hash.replace(/\$m=\d+,[pt]=\d+,[pt]=\d+\$/, `$${params}$`);
}

const aliases = (n: number, field = '__typename') => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');
const nested = (levels: number) =>
  `{ __schema { types { fields { type { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } } } } }`;

describe('argon2 work a caller can ask for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['m=262144,t=2,p=1', 'memory cost m=262144 is above 4096'],
    ['m=4096,t=40,p=1', 'time cost t=40 is above 2'],
    ['m=4096,t=2,p=64', 'parallelism p=64 is above 1'],
  ])(
    'POST /utils/hash/verify refuses anonymous callers a hash with %s, at once and without allocating it',
    async (params, reason) => {
      const hash = await hashAsking(params);
      const rss = process.memoryUsage().rss;
      const started = Date.now();
      const res = await expectError(
        t.as('anonymous').post('/utils/hash/verify').send({ string: 'secret', hash }),
        400,
        'INVALID_PAYLOAD',
      );
      expect(res.body.errors[0].message).toContain(reason);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
    },
  );

  it('still verifies a hash made with the configured costs, for anonymous callers', async () => {
    const hash = await hashAsking('m=4096,t=2,p=1');
    expect((await t.as('anonymous').post('/utils/hash/verify').send({ string: 'secret', hash })).body).toEqual({
      data: true,
    });
  });

  it('utils_hash_verify of /graphql/system refuses the same hash with INVALID_PAYLOAD', async () => {
    const hash = await hashAsking('m=262144,t=2,p=1');
    const res = await t
      .as('anonymous')
      .post('/graphql/system')
      .send({
        query: 'mutation($h: String!) { utils_hash_verify(string: "secret", hash: $h) }',
        variables: { h: hash },
      });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'INVALID_PAYLOAD' }) }),
    ]);
    expect(res.body.errors[0].message).toContain('m=262144');
  });
});

describe('concurrent argon2 work beyond the bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Hashes slow enough to overlap; two at once in all, one per caller, one waiting in all.
    t = await createTestApp({
      env: {
        HASH_MEMORY_COST: '32768',
        HASH_TIME_COST: '4',
        HASH_MAX_CONCURRENT: '2',
        HASH_MAX_CONCURRENT_PER_CALLER: '1',
        HASH_MAX_QUEUE: '1',
        HASH_MAX_QUEUE_PER_CALLER: '1',
      },
    });
    await socketUrl(t);
  });
  afterAll(() => t.close());

  it('is refused with 503 SERVICE_UNAVAILABLE, never a 500, over REST, GraphQL and sign-in', async () => {
    const anonymous = t.as('anonymous');
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => anonymous.post('/utils/hash/generate').send({ string: 'secret' })),
      ...Array.from({ length: 3 }, () =>
        anonymous.post('/graphql/system').send({ query: 'mutation { utils_hash_generate(string: "secret") }' }),
      ),
      ...Array.from({ length: 3 }, () =>
        anonymous.post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      ),
    ]);
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    for (const res of answers.filter((r) => r.status === 503)) {
      await expectError(Promise.resolve(res), 503, 'SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('1');
    }
    const graphqlCodes = answers
      .slice(8, 11)
      .flatMap((res) => (res.body.errors ?? []).map((e: { extensions: { code: string } }) => e.extensions.code));
    expect(graphqlCodes.every((code: string) => code === 'SERVICE_UNAVAILABLE')).toBe(true);
    // The burst is over: the caller hashes again.
    expect((await anonymous.post('/utils/hash/generate').send({ string: 'secret' })).status).toBe(200);
  });

  it('one caller cannot take the slots of another', async () => {
    const generate = (who: string) => t.as(who).post('/utils/hash/generate').send({ string: 'secret' });
    const [anonymous, admin] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => generate('anonymous'))),
      generate('admin'),
    ]);
    expect(anonymous.map((res) => res.status).sort()).toEqual([200, 200, 503, 503]);
    expect(admin.status).toBe(200);
  });
});

describe('GraphQL documents beyond the limits', () => {
  let t: TestApp;
  let graphqlUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    graphqlUrl = await socketUrl(t, '/graphql');
  });
  afterAll(() => t.close());

  const problemOf = async (path: string, query: string) => {
    const res = await expectError(t.as('anonymous').post(path).send({ query }), 400, 'GRAPHQL_VALIDATION');
    return (res.body.errors[0].extensions.errors as { message: string }[]).map((e) => e.message).join(' ');
  };

  it.each([
    ['/graphql', '101 aliases', `{ ${aliases(101)} }`, 'more than 100 aliases'],
    ['/graphql', '30 levels', nested(30), 'nested deeper than 25 levels'],
    ['/graphql/system', '101 aliases', `{ ${aliases(101)} }`, 'more than 100 aliases'],
    [
      '/graphql/system',
      'three hashing mutations',
      'mutation { a: utils_hash_generate(string: "x") b: utils_hash_generate(string: "x") c: utils_hash_generate(string: "x") }',
      'at most 2 password hashing fields',
    ],
    ['/graphql', '6000 tokens', `{ ${'__typename '.repeat(6000)} }`, 'Document contains more'],
  ])('POST %s refuses %s with a 400 before running it', async (path, _label, query, problem) => {
    expect(await problemOf(path, query)).toContain(problem);
  });

  it('takes the standard introspection query and the limits of a real client', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const res = await t
      .as('anonymous')
      .post('/graphql')
      .send({ query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(
      (
        await t
          .as('anonymous')
          .post('/graphql')
          .send({ query: `{ ${aliases(100)} }` })
      ).status,
    ).toBe(200);
  });

  it.each([
    ['101 aliases', `{ ${aliases(101)} }`, 'more than 100 aliases'],
    ['30 levels', nested(30), 'nested deeper than 25 levels'],
  ])('refuses %s over graphql-transport-ws too, before running it', async (_label, query, problem) => {
    const socket = await GqlSocket.open(graphqlUrl, t.adminToken);
    const { errors } = (await new Operation(socket.client, query).ended) as {
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(errors).toEqual([expect.objectContaining({ extensions: { code: 'GRAPHQL_VALIDATION' } })]);
    expect(errors[0].message).toContain(problem);
    await socket.close();
  });
});

describe('WebSocket frames before authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
  });
  afterAll(() => t.close());

  const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

  it.each([64 * 1024, 16 * 1024 * 1024])(
    'an auth message of %i bytes closes /websocket with 1009 before it is read',
    async (bytes) => {
      const socket = await TestSocket.open(await socketUrl(t, '/websocket'));
      socket.ws.on('error', () => undefined);
      socket.ws.send(JSON.stringify({ type: 'auth', access_token: 'x'.repeat(bytes) }));
      expect(await socket.closed).toBe(1009);
    },
  );

  it('a connection_init of 64 KiB closes /graphql with 1009 instead of being acknowledged', async () => {
    const ws = new WebSocket(await socketUrl(t, '/graphql'), 'graphql-transport-ws');
    ws.on('error', () => undefined);
    const acknowledged = new Promise((resolve) => ws.on('message', resolve));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(
      JSON.stringify({
        type: 'connection_init',
        payload: { access_token: t.adminToken, padding: 'x'.repeat(64 * 1024) },
      }),
    );
    expect(await Promise.race([closeCode(ws), acknowledged.then(() => 'acknowledged')])).toBe(1009);
  });

  it('an authenticated socket still takes messages bigger than the pre-auth limit', async () => {
    const socket = await TestSocket.authenticated(await socketUrl(t, '/websocket'), t.adminToken);
    const answer = await socket.request({ type: 'ping', uid: 'big', padding: 'x'.repeat(32 * 1024) });
    expect(answer).toMatchObject({ type: 'pong', uid: 'big' });
    socket.close();
  });
});
