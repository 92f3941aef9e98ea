import { mentionedUsers, mentionNotice, personName } from './mention-notice';

const ANN = '2f1c9a7e-5b3d-4c8e-9a1f-0d2e3c4b5a69';
const BOB = '8e7d6c5b-4a39-4281-b7c6-d5e4f3a2b1c0';

describe(mentionedUsers.name, () => {
  it.each<[string, string, string[]]>([
    ['no mention', 'Looks good', []],
    ['one mention', `Please check @${ANN}`, [ANN]],
    ['two users, one twice and in upper case', `@${ANN} and @${BOB}, thanks @${ANN.toUpperCase()}`, [ANN, BOB]],
    ['a key without @', `see ${ANN}`, []],
    ['a key that is no version 4 uuid', '@2f1c9a7e-5b3d-1c8e-9a1f-0d2e3c4b5a69', []],
    ['an e-mail address', 'write to ann@example.com', []],
  ])('finds %s', (_name, comment, expected) => {
    expect(mentionedUsers(comment)).toEqual(expected);
  });
});

describe(personName.name, () => {
  it.each<[string, Parameters<typeof personName>[0], string]>([
    ['first and last name', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' }, 'Ann Lee'],
    ['a first name alone', { first_name: 'Ann', last_name: null }, 'Ann'],
    ['blank names and an address', { first_name: ' ', last_name: '', email: 'ann@example.com' }, 'ann@example.com'],
    ['nothing known', { first_name: null, last_name: null, email: null }, 'Unknown user'],
    ['no one', null, 'Unknown user'],
  ])('names someone with %s', (_name, person, expected) => {
    expect(personName(person)).toBe(expected);
  });
});

describe(mentionNotice.name, () => {
  it('names the sender and the collection and quotes the comment with names for mentions', () => {
    const notice = mentionNotice({
      comment: `@${ANN} can you ask @${BOB.toUpperCase()}?\n\nThe title is off.`,
      collection: 'articles',
      recipient: 'Ann Lee',
      sender: 'Cat Poe',
      names: { [ANN]: 'Ann Lee' },
    });
    expect(notice).toEqual({
      subject: 'Cat Poe mentioned you on articles',
      message:
        'Hello Ann Lee,\n\nCat Poe mentioned you in a comment on an item of articles:\n\n> @Ann Lee can you ask @Unknown user?\n> The title is off.',
    });
  });
});
