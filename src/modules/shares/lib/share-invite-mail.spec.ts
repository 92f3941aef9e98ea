import { InvalidPayloadError } from '../../../common/errors/errors';
import { inviterName, readInviteBody, shareInviteMail } from './share-invite-mail';

describe(inviterName.name, () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, 'Ada Lovelace'],
    [{ first_name: 'Ada', last_name: null, email: 'ada@example.com' }, 'Ada'],
    [{ first_name: null, last_name: 'Lovelace', email: 'ada@example.com' }, 'ada@example.com'],
    [{}, 'Unknown User'],
  ])('%j is %s', (user, expected) => expect(inviterName(user)).toBe(expected));
});

describe(shareInviteMail.name, () => {
  it('names the inviter and the collection and links the share, escaped in HTML', () => {
    const mail = shareInviteMail(
      'x@example.com',
      { first_name: 'A<b>' },
      'posts',
      'https://cms.example.com/admin/shared/1?a=1&b=2',
    );
    expect(mail).toMatchObject({ to: 'x@example.com', subject: 'A<b> has shared an item with you' });
    expect(mail.text).toContain('A<b> has invited you to view an item in posts.');
    expect(mail.text).toContain('https://cms.example.com/admin/shared/1?a=1&b=2');
    expect(mail.html).toContain('A&lt;b&gt; has invited you');
    expect(mail.html).toContain('href="https://cms.example.com/admin/shared/1?a=1&amp;b=2"');
  });
});

describe(readInviteBody.name, () => {
  it('reads the share and the addresses', () => {
    expect(readInviteBody({ share: 's', emails: ['a@example.com', 'b@example.com'] })).toEqual({
      share: 's',
      emails: ['a@example.com', 'b@example.com'],
    });
    expect(readInviteBody({ share: 's', emails: [] })).toEqual({ share: 's', emails: [] });
  });

  it.each([
    [null],
    [[]],
    [{ emails: ['a@example.com'] }],
    [{ share: '', emails: [] }],
    [{ share: 's' }],
    [{ share: 's', emails: 'a@example.com' }],
    [{ share: 's', emails: [''] }],
    [{ share: 's', emails: [1] }],
  ])('refuses %j', (body) => expect(() => readInviteBody(body)).toThrow(InvalidPayloadError));
});
