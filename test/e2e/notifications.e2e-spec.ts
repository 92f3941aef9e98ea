import { createRole, createUser, CreatedUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `/notifications` (svc_notifications): messages to one user, mailed to them, read and filed by them alone. */
describe('/notifications', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let ann: CreatedUser;
  let bob: CreatedUser;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { ...smtp.env, PUBLIC_URL: 'https://cms.example.com' } });
    const role = await createRole(t);
    ann = await createUser(t, role);
    bob = await createUser(t, role);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const notify = async (values: Record<string, unknown>) => {
    const res = await t
      .as('admin')
      .post('/notifications')
      .send({ recipient: ann.id, subject: uniq('subject'), ...values });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res.body.data as Record<string, unknown> & { id: number; subject: string };
  };

  it('creates, reads, lists, updates and deletes notifications, one or many', async () => {
    const before = Date.now();
    const admin = (await t.as('admin').get('/users/me?fields=id')).body.data.id;
    const one = await notify({ message: 'Please review', collection: 'svc_files', item: 'abc', sender: admin });
    expect(one).toEqual({
      id: expect.any(Number),
      timestamp: expect.any(String),
      status: 'inbox',
      recipient: ann.id,
      sender: admin,
      subject: one.subject,
      message: 'Please review',
      collection: 'svc_files',
      item: 'abc',
    });
    // The time is the server's; the sender, as in the reference, only who the creator names.
    expect(Math.abs(new Date(one.timestamp as string).getTime() - before)).toBeLessThan(60_000);

    const subject = uniq('batch');
    const many = await t
      .as('admin')
      .post('/notifications?fields=id,recipient.email')
      .send([
        { recipient: ann.id, subject },
        { recipient: bob.id, subject },
      ]);
    expect((await t.as('admin').get(`/notifications/${many.body.data[0].id}?fields=sender`)).body.data).toEqual({
      sender: null,
    });
    expect(many.body.data).toEqual([
      { id: expect.any(Number), recipient: { email: ann.email } },
      { id: expect.any(Number), recipient: { email: bob.email } },
    ]);
    const keys = many.body.data.map((n: { id: number }) => n.id);
    const list = await t
      .as('admin')
      .get(`/notifications?filter[subject][_eq]=${subject}&sort=-id&fields=id&meta=total_count,filter_count`);
    expect(list.body.data).toEqual([{ id: keys[1] }, { id: keys[0] }]);
    expect(list.body.meta.filter_count).toBe(2);
    expect(list.body.meta.total_count).toBeGreaterThanOrEqual(3);

    expect((await t.as('admin').get(`/notifications/${one.id}?fields=message`)).body.data).toEqual({
      message: 'Please review',
    });
    expect((await t.as('admin').patch(`/notifications/${one.id}`).send({ status: 'archived' })).body.data.status).toBe(
      'archived',
    );
    const batch = await t
      .as('admin')
      .patch('/notifications?fields=status')
      .send({ keys, data: { status: 'archived' } });
    expect(batch.body.data).toEqual([{ status: 'archived' }, { status: 'archived' }]);
    expect((await t.as('admin').delete('/notifications').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/notifications/${one.id}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/notifications/${one.id}`), 403, 'FORBIDDEN');
    expect((await t.as('admin').get(`/notifications?filter[subject][_eq]=${subject}`)).body.data).toEqual([]);
  });

  it('mails the recipient the subject, the message and a link to the item', async () => {
    const cat = await createUser(t, { email_notifications: true });
    const subject = uniq('Mail me');
    await notify({
      recipient: cat.id,
      subject,
      message: 'Look at <this>\n\nSecond part',
      collection: 'articles',
      item: '42',
    });
    const mail = await smtp.waitFor(cat.email);
    expect(mail.subject).toBe(subject);
    expect(mail.from?.address).toBe('vellum@example.com');
    expect(mail.text).toContain('Look at <this>');
    expect(mail.text).toContain('https://cms.example.com/admin/content/articles/42');
    expect(mail.html).toContain('Look at &lt;this&gt;');
    expect(mail.html).toContain('href="https://cms.example.com/admin/content/articles/42"');
  });

  it('mails nobody whose email notifications are off', async () => {
    const quiet = await createUser(t, { email_notifications: false });
    const loud = await createUser(t, { email_notifications: true });
    const subject = uniq('quiet');
    await notify({ recipient: quiet.id, subject });
    // Created after the first, mailed after it: once this one arrives the first would have too.
    await notify({ recipient: loud.id, subject });
    await smtp.waitFor(loud.email);
    expect(smtp.mails.filter((m) => m.subject === subject).map((m) => m.to?.[0]?.address)).toEqual([loud.email]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['without a recipient', { recipient: undefined }, 'FAILED_VALIDATION'],
    ['without a subject', { subject: undefined }, 'FAILED_VALIDATION'],
    ['with a status other than inbox or archived', { status: 'deleted' }, 'FAILED_VALIDATION'],
    ['to a user that does not exist', { recipient: '00000000-0000-4000-8000-000000000000' }, 'INVALID_FOREIGN_KEY'],
    ['to a recipient that is no uuid', { recipient: 'ann' }, 'INVALID_PAYLOAD'],
  ])('refuses a notification %s with 400 and the standard body', async (_name, values, code) => {
    const subject = uniq('bad');
    await expectError(
      t
        .as('admin')
        .post('/notifications')
        .send({ recipient: ann.id, subject, ...values }),
      400,
      code,
    );
    expect((await t.as('admin').get(`/notifications?filter[subject][_eq]=${subject}`)).body.data).toEqual([]);
  });

  it('lets an app user read only their own notifications and file them, nothing else', async () => {
    const mine = await notify({ message: 'for ann' });
    const bobs = await notify({ recipient: bob.id, message: 'for bob' });
    const seen = await t.as(ann.token).get('/notifications?fields=id,recipient');
    expect(seen.status).toBe(200);
    expect(seen.body.data.length).toBeGreaterThan(0);
    expect(seen.body.data.every((n: { recipient: string }) => n.recipient === ann.id)).toBe(true);
    expect(seen.body.data.map((n: { id: number }) => n.id)).toContain(mine.id);
    await expectError(t.as(ann.token).get(`/notifications/${bobs.id}`), 403, 'FORBIDDEN');

    expect(
      (await t.as(ann.token).patch(`/notifications/${mine.id}`).send({ status: 'archived' })).body.data.status,
    ).toBe('archived');
    await expectError(
      t.as(ann.token).patch(`/notifications/${mine.id}`).send({ message: 'rewritten' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(ann.token).patch(`/notifications/${bobs.id}`).send({ status: 'archived' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(ann.token).post('/notifications').send({ recipient: bob.id, subject: 'spam' }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(ann.token).delete(`/notifications/${mine.id}`), 403, 'FORBIDDEN');
    const after = (
      await t.as('admin').get(`/notifications?filter[id][_in]=${mine.id},${bobs.id}&sort=id&fields=status,message`)
    ).body.data;
    expect(after).toEqual([
      { status: 'archived', message: 'for ann' },
      { status: 'inbox', message: 'for bob' },
    ]);
    await expectError(t.as('anonymous').get('/notifications'), 403, 'FORBIDDEN');
  });

  it('goes with its recipient and outlives its sender', async () => {
    const sender = await createUser(t, {});
    const recipient = await createUser(t, {});
    const kept = await notify({ sender: sender.id });
    const gone = await notify({ recipient: recipient.id, sender: sender.id });
    expect((await t.as('admin').delete(`/users/${sender.id}`)).status).toBe(204);
    expect((await t.as('admin').delete(`/users/${recipient.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/notifications/${kept.id}?fields=sender,recipient`)).body.data).toEqual({
      sender: null,
      recipient: ann.id,
    });
    await expectError(t.as('admin').get(`/notifications/${gone.id}`), 403, 'FORBIDDEN');
  });

  it('is listed with its fields in /collections and /fields, and app users see them among the system collections', async () => {
    expect((await t.as('admin').get('/collections/svc_notifications')).body.data).toMatchObject({
      collection: 'svc_notifications',
      meta: { system: true },
    });
    const fields = (await t.as('admin').get('/fields/svc_notifications')).body.data
      .map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual([
      'collection',
      'id',
      'item',
      'message',
      'recipient',
      'sender',
      'status',
      'subject',
      'timestamp',
    ]);
    const all = (await t.as('admin').get('/fields')).body.data.filter(
      (f: { collection: string }) => f.collection === 'svc_notifications',
    );
    expect(all).toHaveLength(fields.length);
    const seen = (await t.as(ann.token).get('/collections')).body.data.map((c: { collection: string }) => c.collection);
    expect(seen).toEqual(expect.arrayContaining(['svc_presets', 'svc_notifications']));
    expect(seen.filter((c: string) => c.startsWith('svc_')).length).toBeGreaterThanOrEqual(9);
  });
});
