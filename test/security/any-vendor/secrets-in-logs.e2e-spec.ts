import { randomBytes } from 'node:crypto';
import { Body, Controller, Module, Post } from '@nestjs/common';
import { generateSync } from 'otplib';
import { DataSource } from 'typeorm';
import { AppLogger } from '../../../src/common/logging/app-logger';
import { Mail, MailService } from '../../../src/modules/mail/mail.service';
import { createCollection } from '../../factories/collection.factory';
import { createRole, createUser } from '../../factories/user.factory';
import { cookieValue } from '../../helpers/cookies';
import { mailSettled } from '../../helpers/mail-settled';
import { startS3Server, S3TestServer } from '../../helpers/s3-server';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';
import { until } from '../../helpers/until';

/** A value no log line could contain by chance. */
const secret = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

/** A statement that fails with the secret among its bound values: what a failed write of a password hash looks like. */
@Controller('__probe')
class ProbeController {
  constructor(private readonly dataSource: DataSource) {}

  @Post('failing-write')
  async failingWrite(@Body() body: { value: string }): Promise<void> {
    await this.dataSource.query('INSERT INTO svc_no_such_table (secret) VALUES (?)', [body.value]);
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/**
 * Every secret Vellum handles goes through its flows with the log at its most verbose level, then the
 * whole log is searched for each of them: a log shipped to a collector or read with `docker logs`
 * must not hand anyone an account.
 */
describe('no secret reaches the log', () => {
  let t: TestApp;
  let s3: S3TestServer;
  const log: string[] = [];
  const mails: Mail[] = [];
  const secrets = new Map<string, string>();
  const keep = (label: string, value: unknown): string => {
    if (typeof value !== 'string' || value.length < 8)
      throw new Error(`${label}: no secret to keep (${String(value)})`);
    secrets.set(label, value);
    return value;
  };
  const config = {
    SECRET: secret('jwt-secret-long-enough-for-production'),
    ADMIN_PASSWORD: secret('admin-password'),
    DB_PASSWORD: secret('db-password'),
    EMAIL_SMTP_PASSWORD: secret('smtp-password'),
    STORAGE_BROKEN_KEY: secret('s3-key'),
    STORAGE_BROKEN_SECRET: secret('s3-secret'),
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    const logger = new AppLogger('trace', { write: (line: string) => log.push(line) });
    t = await createTestApp({
      logger,
      extraModules: [ProbeModule],
      env: { STORAGE_LOCATIONS: 'files,broken', ...s3.env('files'), ...s3.env('broken'), ...config },
    });
    for (const [name, value] of Object.entries(config)) keep(name, value);
    const service = t.app.get(MailService);
    const send = service.send.bind(service);
    jest.spyOn(service, 'send').mockImplementation((mail: Mail) => (mails.push(mail), send(mail)));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  /** The token of the link in the mail to `to`, once the mail has been handed to the transport. */
  async function mailedToken(to: string): Promise<string> {
    const tokenOf = (mail?: Mail) => (mail && /[?&]token=([^\s&#"]+)/.exec(mail.text)?.[1]) || undefined;
    const mailed = () => tokenOf(mails.find((m) => m.to === to));
    await until(() => mailed() !== undefined, `a mail to ${to} with a token`);
    return decodeURIComponent(mailed()!);
  }

  it('signs in, refreshes and reads with every kind of token', async () => {
    const anonymous = t.as('anonymous');
    const login = (
      await anonymous.post('/auth/login').send({ email: 'admin@example.com', password: config.ADMIN_PASSWORD })
    ).body.data;
    keep('access token', login.access_token);
    const refreshed = (
      await anonymous.post('/auth/refresh').send({ refresh_token: keep('refresh token', login.refresh_token) })
    ).body.data;
    keep('refreshed access token', refreshed.access_token);
    keep('refreshed refresh token', refreshed.refresh_token);
    expect((await anonymous.get(`/users/me?access_token=${refreshed.access_token}`)).status).toBe(200);
    expect((await anonymous.get(`/users/me?fields=id&access_token=${refreshed.access_token}`)).status).toBe(200);
    const forged = keep('forged token', `${refreshed.access_token.slice(0, -6)}AAAAAA`);
    expect((await anonymous.get(`/users/me?access_token=${forged}`)).status).toBe(403);
    expect((await anonymous.get('/users/me').set('Authorization', `Bearer ${forged}`)).status).toBe(403);

    const cookieLogin = await anonymous
      .post('/auth/login')
      .send({ email: 'admin@example.com', password: config.ADMIN_PASSWORD, mode: 'cookie' });
    const refreshCookie = keep('refresh cookie', cookieValue(cookieLogin, 'svc_refresh_token'));
    const cookieRefresh = await anonymous
      .post('/auth/refresh')
      .set('Cookie', `svc_refresh_token=${refreshCookie}`)
      .send({ mode: 'cookie' });
    keep('rotated refresh cookie', cookieValue(cookieRefresh, 'svc_refresh_token'));
    const session = await anonymous
      .post('/auth/login')
      .send({ email: 'admin@example.com', password: config.ADMIN_PASSWORD, mode: 'session' });
    const sessionCookie = keep('session cookie', cookieValue(session, 'svc_session_token'));
    expect((await anonymous.get('/users/me').set('Cookie', `svc_session_token=${sessionCookie}`)).status).toBe(200);
    expect((await anonymous.post('/auth/logout').send({ refresh_token: refreshed.refresh_token })).status).toBe(204);

    const wrong = keep('wrong password', secret('wrong-password'));
    expect((await anonymous.post('/auth/login').send({ email: 'admin@example.com', password: wrong })).status).toBe(
      401,
    );
    expect((await anonymous.post('/auth/login').send({ email: 'not-an-email', password: wrong })).status).toBe(400);
  });

  it('resets a password through the mailed link', async () => {
    const user = await createUser(t);
    keep('user password', user.password);
    expect((await t.as('anonymous').post('/auth/password/request').send({ email: user.email })).status).toBe(204);
    const token = keep('reset token', await mailedToken(user.email));
    await t.as('anonymous').get(`/admin/reset-password?token=${encodeURIComponent(token)}`);
    const chosen = keep('reset password', secret('reset-password'));
    expect((await t.as('anonymous').post('/auth/password/reset').send({ token, password: chosen })).status).toBe(204);
    expect((await t.as('anonymous').post('/auth/login').send({ email: user.email, password: chosen })).status).toBe(
      200,
    );
    const bogus = keep('bogus reset token', secret('bogus-reset-token'));
    expect((await t.as('anonymous').post('/auth/password/reset').send({ token: bogus, password: chosen })).status).toBe(
      403,
    );
  });

  it('invites a user who accepts through the mailed link', async () => {
    const email = `${uniq('invitee')}@example.com`;
    expect(
      (
        await t
          .as('admin')
          .post('/users/invite')
          .send({ email, role: await createRole(t) })
      ).status,
    ).toBe(204);
    const token = keep('invite token', await mailedToken(email));
    await t.as('anonymous').get(`/admin/accept-invite?token=${encodeURIComponent(token)}`);
    const chosen = keep('invitee password', secret('invitee-password'));
    expect((await t.as('anonymous').post('/users/invite/accept').send({ token, password: chosen })).status).toBe(204);
    expect((await t.as('anonymous').post('/auth/login').send({ email, password: chosen })).status).toBe(200);
  });

  it('turns two-factor sign-in on and signs in with it', async () => {
    const user = await createUser(t);
    const token = await t.login(user.email, user.password);
    const generated = (await t.as(token).post('/users/me/tfa/generate').send({ password: user.password })).body.data;
    const tfaSecret = keep('tfa secret', generated.secret);
    expect(
      (
        await t
          .as(token)
          .post('/users/me/tfa/enable')
          .send({ secret: tfaSecret, otp: generateSync({ secret: tfaSecret }) })
      ).status,
    ).toBe(204);
    const login = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: user.email, password: user.password, otp: generateSync({ secret: tfaSecret }) });
    keep('tfa access token', login.body.data.access_token);
  });

  it('signs in to a share with its password', async () => {
    const notes = await createCollection(t, uniq('notes'), [{ field: 'text', type: 'string' }]);
    const item = (await t.as('admin').post(`/items/${notes}`).send({ text: 'shared' })).body.data.id;
    const password = keep('share password', secret('share-password'));
    const share = (
      await t
        .as('admin')
        .post('/shares')
        .send({ collection: notes, item: String(item), password })
    ).body.data.id;
    const signedIn = (await t.as('anonymous').post('/shares/auth').send({ share, password })).body.data;
    keep('share access token', signedIn.access_token);
    keep('share refresh token', signedIn.refresh_token);
    expect(
      (
        await t
          .as('anonymous')
          .post('/shares/auth')
          .send({ share, password: keep('wrong share password', secret('nope')) })
      ).status,
    ).toBe(401);
  });

  it('sets and uses static tokens, and changes passwords', async () => {
    const user = await createUser(t);
    const staticToken = keep('static token', secret('static-token'));
    expect((await t.as('admin').patch(`/users/${user.id}`).send({ token: staticToken })).status).toBe(200);
    expect((await t.as(staticToken).get('/users/me')).status).toBe(200);
    expect((await t.as('anonymous').get(`/users/me?access_token=${staticToken}`)).status).toBe(200);
    const own = keep('own new password', secret('own-new-password'));
    expect((await t.as(staticToken).patch('/users/me').send({ password: own })).status).toBe(200);
    const byAdmin = keep('password set by an admin', secret('admin-set-password'));
    expect((await t.as('admin').patch(`/users/${user.id}`).send({ password: byAdmin })).status).toBe(200);
    expect(
      (
        await t
          .as('admin')
          .post('/utils/hash/generate')
          .send({ string: keep('hashed string', secret('hashed')) })
      ).status,
    ).toBe(200);
  });

  it('stores files through S3, and fails on a location whose keys are refused', async () => {
    const upload = (storage: string) =>
      t
        .as('admin')
        .post('/files')
        .field('storage', storage)
        .attach('file', Buffer.from('hello\n'), { filename: 'hello.txt', contentType: 'text/plain' });
    expect((await upload('files')).status).toBe(200);
    expect((await upload('broken')).status).toBeGreaterThanOrEqual(400);
  });

  it('logs a failed statement without its bound values', async () => {
    const value = keep('bound value', secret('bound-value'));
    expect((await t.as('admin').post('/__probe/failing-write').send({ value })).status).toBe(500);
  });

  it('says the log transport delivers nothing, and logs only the recipient and subject of each mail', () => {
    const text = log.join('');
    expect(text).toMatch(/mail is not delivered/i);
    const mailLines = log.filter((line) => line.includes('Password reset request'));
    expect(mailLines).toHaveLength(1);
    expect(JSON.parse(mailLines[0])).toMatchObject({
      level: 30,
      to: expect.stringContaining('@example.com'),
      subject: 'Password reset request',
    });
  });

  it('found none of the secrets above in the whole log', async () => {
    // Mails are sent, and their lines logged, after the answers that started them.
    await mailSettled(t);
    const text = log.join('');
    expect(secrets.size).toBeGreaterThanOrEqual(30);
    expect(log.length).toBeGreaterThan(50);
    const hits = [...secrets].filter(([, value]) =>
      [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)].some((form) => text.includes(form)),
    );
    expect(hits.map(([label]) => label)).toEqual([]);
  });
});
