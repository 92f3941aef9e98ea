import type { Email } from 'postal-mime';
import { DataSource } from 'typeorm';
import { createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { mailSettled } from '../../helpers/mail-settled';
import { startSmtpSink, SmtpSink } from '../../helpers/smtp-sink';
import { createTestApp, TestApp } from '../../helpers/test-app';

const RESET_URL = 'https://app.example.com/reset';
const HASH_ROUTED_URL = 'https://spa.example.com/app#/reset';

/** The reset link from the mail's HTML part, as a mail client would follow it. */
function linkIn(mail: Email): URL {
  const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1];
  if (!href) throw new Error(`no link in mail: ${mail.html}`);
  return new URL(href.replace(/&amp;/g, '&'));
}

describe('password reset', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      env: {
        ...smtp.env,
        PUBLIC_URL: 'https://vellum.example.com',
        PASSWORD_RESET_URL_ALLOW_LIST: `${RESET_URL},${HASH_ROUTED_URL}`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a working, single-use reset link and ends every session', async () => {
    const user = await createUser(t);
    const refresh = (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password }))
      .body.data.refresh_token;

    const res = await t
      .as('anonymous')
      .post('/auth/password/request')
      .send({ email: user.email, reset_url: RESET_URL });
    expect(res.status).toBe(204);
    const mail = await smtp.waitFor(user.email);
    expect(mail.from?.address).toBe('vellum@example.com');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(RESET_URL);
    const token = link.searchParams.get('token') as string;
    expect(mail.text).toContain(token);

    const reset = await t.as('anonymous').post('/auth/password/reset').send({ token, password: 'brand-new-password' });
    expect(reset.status).toBe(204);
    await expectError(
      t.as('anonymous').post('/auth/refresh').send({ refresh_token: refresh }),
      401,
      'INVALID_CREDENTIALS',
    );
    await expectError(
      t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(
      (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: 'brand-new-password' })).status,
    ).toBe(200);

    await expectError(
      t.as('anonymous').post('/auth/password/reset').send({ token, password: 'third-password' }),
      403,
      'FORBIDDEN',
    );
  });

  it('defaults the link to PUBLIC_URL and keeps a fragment after the token', async () => {
    const plain = await createUser(t);
    await t.as('anonymous').post('/auth/password/request').send({ email: plain.email });
    const link = linkIn(await smtp.waitFor(plain.email));
    expect(`${link.origin}${link.pathname}`).toBe('https://vellum.example.com/admin/reset-password');

    const routed = await createUser(t);
    await t.as('anonymous').post('/auth/password/request').send({ email: routed.email, reset_url: HASH_ROUTED_URL });
    const href = linkIn(await smtp.waitFor(routed.email)).toString();
    expect(href).toMatch(/^https:\/\/spa\.example\.com\/app\?token=[^#]+#\/reset$/);
  });

  it('answers 204 and sends nothing for an unknown email or an inactive user', async () => {
    const suspended = await createUser(t, { status: 'suspended' });
    const before = smtp.mails.length;
    for (const email of ['nobody@example.com', suspended.email]) {
      const res = await t.as('anonymous').post('/auth/password/request').send({ email });
      expect(res.status).toBe(204);
    }
    await mailSettled(t);
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a reset_url outside the allow-list with 400, whatever the email', async () => {
    for (const email of ['nobody@example.com', (await createUser(t)).email]) {
      await expectError(
        t.as('anonymous').post('/auth/password/request').send({ email, reset_url: 'https://evil.example.com/reset' }),
        400,
        'INVALID_PAYLOAD',
      );
    }
  });

  it('applies the password policy from settings', async () => {
    const user = await createUser(t);
    await t.as('anonymous').post('/auth/password/request').send({ email: user.email });
    const token = linkIn(await smtp.waitFor(user.email)).searchParams.get('token') as string;
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE svc_settings SET auth_password_policy = '/^.{20,}$/'`);
    try {
      await expectError(
        t.as('anonymous').post('/auth/password/reset').send({ token, password: 'too-short' }),
        400,
        'FAILED_VALIDATION',
      );
      expect(
        (await t.as('anonymous').post('/auth/password/reset').send({ token, password: 'long-enough-password-123' }))
          .status,
      ).toBe(204);
    } finally {
      await ds.query(`UPDATE svc_settings SET auth_password_policy = NULL`);
    }
  });

  it('refuses a password policy that is not a valid regular expression, and passwords can still be set', async () => {
    await expectError(t.as('admin').patch('/settings').send({ auth_password_policy: '[1,2' }), 400, 'INVALID_PAYLOAD');
    expect((await t.as('admin').get('/settings')).body.data.auth_password_policy).toBeNull();
    const user = await createUser(t);
    expect((await t.as('admin').patch(`/users/${user.id}`).send({ password: 'another-password-1' })).status).toBe(200);
  });

  it.each([
    ['a malformed token', 'not-a-token', 403, 'INVALID_TOKEN'],
    ['an access token', 'ACCESS', 403, 'FORBIDDEN'],
  ])('refuses %s', async (_label, token, status, code) => {
    await expectError(
      t
        .as('anonymous')
        .post('/auth/password/reset')
        .send({ token: token === 'ACCESS' ? t.adminToken : token, password: 'whatever-123' }),
      status,
      code,
    );
  });

  it('refuses a body without strings with 400', () =>
    expectError(t.as('anonymous').post('/auth/password/request').send({ email: 42 }), 400, 'INVALID_PAYLOAD'));
});

describe('password reset timing and expiry', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { ...smtp.env, LOGIN_STALL_TIME: '300', PASSWORD_RESET_TOKEN_TTL: '1s' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers known and unknown emails after the same stall', async () => {
    const user = await createUser(t);
    for (const email of [user.email, 'nobody@example.com']) {
      const started = Date.now();
      expect((await t.as('anonymous').post('/auth/password/request').send({ email })).status).toBe(204);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    }
  });

  it('refuses an expired token with 401 TOKEN_EXPIRED', async () => {
    const user = await createUser(t);
    await t.as('anonymous').post('/auth/password/request').send({ email: user.email });
    const href = /href="([^"]+)"/.exec((await smtp.waitFor(user.email)).html ?? '')?.[1] as string;
    const token = new URL(href.replace(/&amp;/g, '&')).searchParams.get('token') as string;
    t.clock.advance(2000);
    await expectError(
      t.as('anonymous').post('/auth/password/reset').send({ token, password: 'whatever-123' }),
      401,
      'TOKEN_EXPIRED',
    );
  });
});
