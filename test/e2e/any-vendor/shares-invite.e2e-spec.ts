import { createDirectus, inviteShare, rest, staticToken } from '@directus/sdk';
import type { AddressInfo } from 'node:net';
import { createPublishedAndDraft } from '../../factories/collection.factory';
import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { startSmtpSink, SmtpSink } from '../../helpers/smtp-sink';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

/** POST /shares/invite (the SDK's inviteShare): the share's link mailed to each address, as the reference does. */
describe('POST /shares/invite', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let articles: string;
  let share: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { ...smtp.env, PUBLIC_URL: 'https://cms.example.com' } });
    let published: number;
    ({ articles, published } = await createPublishedAndDraft(t));
    await t.as('admin').patch('/users/me').send({ first_name: 'Ada', last_name: 'Lovelace' }).expect(200);
    share = (
      await t
        .as('admin')
        .post('/shares')
        .send({ collection: articles, item: String(published) })
    ).body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("mails each address the share's link, naming who shares and the collection", async () => {
    const [first, second] = [`${uniq('guest')}@example.com`, `${uniq('guest')}@example.com`];
    const res = await t
      .as('admin')
      .post('/shares/invite')
      .send({ share, emails: [first, second] });
    expect(res.status).toBe(204);
    for (const address of [first, second]) {
      const mail = await smtp.waitFor(address);
      expect(mail.subject).toBe('Ada Lovelace has shared an item with you');
      expect(mail.text).toContain(`Ada Lovelace has invited you to view an item in ${articles}.`);
      expect(mail.text).toContain(`https://cms.example.com/admin/shared/${share}`);
      expect(mail.html).toContain(`href="https://cms.example.com/admin/shared/${share}"`);
    }
  });

  it.each([
    ['without a share', { emails: ['a@example.com'] }],
    ['without emails', { share: 'x' }],
    ['with emails that are not a list', { share: 'x', emails: 'a@example.com' }],
    ['with an empty address', { share: 'x', emails: [''] }],
  ])('refuses a body %s with 400 INVALID_PAYLOAD', async (_label, body) => {
    await expectError(t.as('admin').post('/shares/invite').send(body), 400, 'INVALID_PAYLOAD');
  });

  it('refuses a share the caller may not read, and anonymous callers, with 403 and mails nobody', async () => {
    const outsider = await createUser(t, await createRole(t));
    expect(outsider.token).not.toBe('');
    const address = `${uniq('nobody')}@example.com`;
    await expectError(
      t
        .as(outsider.token)
        .post('/shares/invite')
        .send({ share, emails: [address] }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('anonymous')
        .post('/shares/invite')
        .send({ share, emails: [address] }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('admin')
        .post('/shares/invite')
        .send({ share: '00000000-0000-4000-8000-000000000000', emails: [address] }),
      403,
      'FORBIDDEN',
    );
    // A later mail to the same sink arrives after any of these would have.
    const marker = `${uniq('marker')}@example.com`;
    await t
      .as('admin')
      .post('/shares/invite')
      .send({ share, emails: [marker] })
      .expect(204);
    await smtp.waitFor(marker);
    expect(smtp.mails.filter((m) => m.to?.some((to) => to.address === address))).toEqual([]);
  });

  it("serves the SDK's inviteShare", async () => {
    await t.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const address = `${uniq('sdk')}@example.com`;
    await createDirectus(url)
      .with(staticToken(token))
      .with(rest())
      .request(inviteShare(share, [address]));
    expect((await smtp.waitFor(address)).subject).toBe('Ada Lovelace has shared an item with you');
  });
});
