import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { mailSettled } from '../../helpers/mail-settled';
import { startSmtpSink, SmtpSink } from '../../helpers/smtp-sink';
import { sources, Sources } from '../../helpers/sources';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

const LIMITS = {
  AUTH_MAIL_ADDRESS_POINTS: '3',
  AUTH_MAIL_ADDRESS_DURATION: '1h',
  AUTH_MAIL_IP_POINTS: '5',
  AUTH_MAIL_IP_DURATION: '1m',
};

/** How many mails went to `email`, once every mail the apps started to send has arrived or failed. */
async function mailsTo(apps: TestApp[], smtp: SmtpSink, email: string): Promise<number> {
  for (const app of apps) await mailSettled(app);
  return smtp.mails.filter((mail) => (mail.to ?? []).some((a) => a.address?.toLowerCase() === email.toLowerCase()))
    .length;
}

function expectRequestsExceeded(
  res: { status: number; body: any; headers: Record<string, unknown> },
  limit: number,
  windowSeconds: number,
) {
  expect(res.body.errors[0].extensions).toEqual({ code: 'REQUESTS_EXCEEDED', limit, reset: expect.any(String) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
}

describe('reset and invite mails, limited per address and per source', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let src: Sources;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { ...smtp.env, ...LIMITS } });
    src = await sources(t.server);
  });
  afterAll(async () => {
    src.close();
    await t.close();
    await smtp.close();
  });

  it('sends one address at most AUTH_MAIL_ADDRESS_POINTS reset mails, and answers every request 204 alike', async () => {
    const user = await createUser(t);
    // 20 requests at once from 20 sources: only the per-address limit can hold them back.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        src.post(`127.0.0.${10 + i}`, '/auth/password/request', {
          email: i % 2 ? user.email : user.email.toUpperCase(),
        }),
      ),
    );
    expect(answers.map((a) => [a.status, a.text])).toEqual(Array.from({ length: 20 }, () => [204, '']));
    expect(await mailsTo([t], smtp, user.email)).toBe(3);

    // Past the limit the answer is the one an unknown address gets: nothing tells whether the account exists.
    const known = await src.post('127.0.0.31', '/auth/password/request', { email: user.email });
    const unknown = await src.post('127.0.0.31', '/auth/password/request', { email: `${uniq('nobody')}@example.com` });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(await mailsTo([t], smtp, user.email)).toBe(3);
  });

  it('answers 429 REQUESTS_EXCEEDED with Retry-After to a source past AUTH_MAIL_IP_POINTS, and to no other', async () => {
    const from = '127.0.0.40';
    for (let i = 0; i < 5; i++) {
      expect((await src.post(from, '/auth/password/request', { email: `${uniq('nobody')}@example.com` })).status).toBe(
        204,
      );
    }
    const user = await createUser(t);
    expectRequestsExceeded(
      await expectError(src.post(from, '/auth/password/request', { email: user.email }), 429, 'REQUESTS_EXCEEDED'),
      5,
      60,
    );
    const gql = await src.post(from, '/graphql/system', {
      query: `mutation { auth_password_request(email: "${user.email}") }`,
    });
    expect(gql.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
    expect(await mailsTo([t], smtp, user.email)).toBe(0);

    expect((await src.post('127.0.0.41', '/auth/password/request', { email: user.email })).status).toBe(204);
    expect(await mailsTo([t], smtp, user.email)).toBe(1);
  });

  it('sends one address at most AUTH_MAIL_ADDRESS_POINTS invites, re-sends included', async () => {
    const role = await createRole(t);
    const email = `${uniq('invitee')}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect((await src.post(`127.0.0.${50 + i}`, '/users/invite', { email, role }, t.adminToken)).status).toBe(204);
    }
    expect(await mailsTo([t], smtp, email)).toBe(3);
    const users = (await t.as('admin').get(`/users?filter[email][_eq]=${email}&fields=status`)).body.data;
    expect(users).toEqual([{ status: 'invited' }]);
  });

  it('refuses invites from a source past AUTH_MAIL_IP_POINTS with 429, writing nothing', async () => {
    const role = await createRole(t);
    const from = '127.0.0.60';
    for (let i = 0; i < 5; i++) {
      expect(
        (await src.post(from, '/users/invite', { email: `${uniq('invitee')}@example.com`, role }, t.adminToken)).status,
      ).toBe(204);
    }
    const refused = `${uniq('refused')}@example.com`;
    expectRequestsExceeded(
      await expectError(
        src.post(from, '/users/invite', { email: refused, role }, t.adminToken),
        429,
        'REQUESTS_EXCEEDED',
      ),
      5,
      60,
    );
    expect((await t.as('admin').get(`/users?filter[email][_eq]=${refused}`)).body.data).toEqual([]);
    expect(await mailsTo([t], smtp, refused)).toBe(0);
  });
});

describe('mail limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    const env = {
      ...smtp.env,
      ...LIMITS,
      AUTH_MAIL_IP_POINTS: '50',
      REDIS: 'redis://127.0.0.1:6379',
      RATE_LIMITER_STORE: 'redis',
      CACHE_NAMESPACE: uniq('vellum_test'),
    };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('counts the mails every instance sends to an address together', async () => {
    const user = await createUser(a);
    for (const t of [a, b, a, b, a, b])
      expect((await t.as('anonymous').post('/auth/password/request').send({ email: user.email })).status).toBe(204);
    expect(await mailsTo([a, b], smtp, user.email)).toBe(3);
  });
});
