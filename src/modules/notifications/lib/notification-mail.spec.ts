import { notificationMail, NotificationToMail } from './notification-mail';

const URL = 'https://cms.example.com';
const base: NotificationToMail = {
  subject: 'Review please',
  message: 'Line one\nline two\n\nSecond <b>paragraph</b>',
  collection: null,
  item: null,
  recipient: { email: 'ann@example.com', email_notifications: true },
};

describe(notificationMail.name, () => {
  it.each<[string, Partial<NotificationToMail>]>([
    ['no recipient', { recipient: null }],
    ['a recipient without an address', { recipient: { email: null, email_notifications: true } }],
    ['email notifications off', { recipient: { email: 'ann@example.com', email_notifications: false } }],
    [
      'email notifications off, as MySQL answers it',
      { recipient: { email: 'ann@example.com', email_notifications: 0 } },
    ],
  ])('sends nothing for %s', (_name, change) => {
    expect(notificationMail({ ...base, ...change }, URL)).toBeNull();
  });

  it('sends the subject and the message, escaped, one paragraph per blank-line block', () => {
    expect(notificationMail(base, URL)).toEqual({
      to: 'ann@example.com',
      subject: 'Review please',
      text: base.message,
      html: '<p>Line one<br>line two</p><p>Second &lt;b&gt;paragraph&lt;/b&gt;</p>',
    });
  });

  it.each<[string, Partial<NotificationToMail>, string | null]>([
    ['an item', { collection: 'articles', item: 7 }, `${URL}/admin/content/articles/7`],
    [
      'a key with reserved characters',
      { collection: 'articles', item: 'a/b c' },
      `${URL}/admin/content/articles/a%2Fb%20c`,
    ],
    ['a collection alone', { collection: 'articles', item: null }, null],
    ['an empty item key', { collection: 'articles', item: '' }, null],
  ])('links to %s only when both collection and item are named', (_name, change, link) => {
    const mail = notificationMail({ ...base, message: null, ...change }, URL)!;
    expect(mail.text).toBe(link ?? '');
    expect(mail.html).toBe(link ? `<p><a href="${link}">Open the item</a></p>` : '');
  });
});
