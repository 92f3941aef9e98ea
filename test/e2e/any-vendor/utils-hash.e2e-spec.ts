import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';

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

  it('answers the canonical argon2 encoding, parameters in the order m, t, p', async () => {
    const res = await t.as('anonymous').post('/utils/hash/generate').send({ string: 'portable' });
    expect(res.body.data).toMatch(/^\$argon2id\$v=19\$m=4096,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  });

  it.each([
    ['m, t, p', (h: string) => h],
    ['m, p, t', (h: string) => h.replace(/m=(\d+),t=(\d+),p=(\d+)/, (_a, m, tc, p) => `m=${m},p=${p},t=${tc}`)],
  ])('verifies a hash whose parameters are in the order %s', async (_order, reorder) => {
    const { body } = await t.as('anonymous').post('/utils/hash/generate').send({ string: 'either order' });
    const hash = reorder(body.data);
    const res = await t.as('anonymous').post('/utils/hash/verify').send({ string: 'either order', hash });
    expect(res.body).toEqual({ data: true });
  });

  it('signs in a user whose stored password hash has its parameters in the order m, p, t', async () => {
    const user = await createUser(t, { password: 'stored-in-old-order' });
    const ds = t.app.get(DataSource);
    const old = await argon2.hash('stored-in-old-order', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 2,
      parallelism: 1,
    });
    expect(old).toMatch(/m=4096,p=1,t=2/);
    await ds
      .createQueryBuilder()
      .update('svc_users')
      .set({ password: old })
      .where('id = :id', { id: user.id })
      .execute();
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: user.email, password: 'stored-in-old-order' });
    expect(res.status).toBe(200);
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
    expectError(t.as('anonymous').post('/utils/hash/generate').send(body), 400, 'INVALID_PAYLOAD'),
  );

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
    expectError(t.as('anonymous').post('/utils/hash/verify').send(body), 400, 'INVALID_PAYLOAD'),
  );
});
