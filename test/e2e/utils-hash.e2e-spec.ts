import * as argon2 from 'argon2';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('POST /utils/hash/*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('generates an argon2id hash of the string, for anyone', async () => {
    const res = await t.as('anonymous').post('/utils/hash/generate').send({ string: 'correct horse' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: expect.stringMatching(/^\$argon2id\$v=19\$/) });
    expect(await argon2.verify(res.body.data, 'correct horse')).toBe(true);
  });

  it('salts: the same string hashes differently twice', async () => {
    const [a, b] = await Promise.all([
      t.as('admin').post('/utils/hash/generate').send({ string: 'same' }),
      t.as('admin').post('/utils/hash/generate').send({ string: 'same' }),
    ]);
    expect(a.body.data).not.toBe(b.body.data);
  });

  it.each([
    ['missing', {}],
    ['empty', { string: '' }],
    ['not a string', { string: 42 }],
  ])('generate refuses a %s string with INVALID_PAYLOAD', (_name, body) =>
    expectError(t.as('anonymous').post('/utils/hash/generate').send(body), 400, 'INVALID_PAYLOAD'));

  it('verifies a generated hash: true for the string, false for another', async () => {
    const { body } = await t.as('anonymous').post('/utils/hash/generate').send({ string: 'secret' });
    const right = await t.as('anonymous').post('/utils/hash/verify').send({ string: 'secret', hash: body.data });
    const wrong = await t.as('anonymous').post('/utils/hash/verify').send({ string: 'Secret', hash: body.data });
    expect([right.status, right.body]).toEqual([200, { data: true }]);
    expect([wrong.status, wrong.body]).toEqual([200, { data: false }]);
  });

  it.each([
    ['argon2i', argon2.argon2i],
    ['argon2d', argon2.argon2d],
    ['argon2id', argon2.argon2id],
  ] as [string, 0 | 1 | 2][])('verifies %s hashes made elsewhere', async (_name, type) => {
    const hash = await argon2.hash('from-elsewhere', { type, memoryCost: 4096, timeCost: 2, parallelism: 1 });
    const res = await t.as('anonymous').post('/utils/hash/verify').send({ string: 'from-elsewhere', hash });
    expect(res.body).toEqual({ data: true });
  });

  it.each([
    ['missing hash', { string: 'x' }],
    ['missing string', { hash: '$argon2id$v=19$m=4096,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' }],
    ['empty string', { string: '', hash: '$argon2id$v=19$m=4096,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' }],
    ['bcrypt hash', { string: 'x', hash: '$2b$10$abcdefghijklmnopqrstuu5Yt1q0fHnV2y7YbGr0nW1m3h8C3fJ2S' }],
    ['plain text hash', { string: 'x', hash: 'not-a-hash' }],
  ])('verify answers INVALID_PAYLOAD for a %s', (_name, body) =>
    expectError(t.as('anonymous').post('/utils/hash/verify').send(body), 400, 'INVALID_PAYLOAD'));
});
