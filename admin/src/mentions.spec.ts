import { commentSegments, insertMention, mentionAt } from './mentions';

const ADA = '0b7c3a3e-8f1d-4c2a-9b6e-1d2f3a4b5c6d';
const BOB = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('commentSegments', () => {
  it.each([
    ['plain text', 'Looks good', [{ text: 'Looks good' }]],
    ['empty', '', []],
    ['a mention in the middle', `Ask @${ADA} now`, [{ text: 'Ask ' }, { user: ADA }, { text: ' now' }]],
    [
      'two mentions side by side, upper case keys read as stored',
      `@${ADA.toUpperCase()}@${BOB}`,
      [{ user: ADA }, { user: BOB }],
    ],
    ['an @ without a key stays text', 'mail me @home', [{ text: 'mail me @home' }]],
    [
      'a key that is not a version 4 uuid stays text',
      '@0b7c3a3e-8f1d-1c2a-9b6e-1d2f3a4b5c6d',
      [{ text: '@0b7c3a3e-8f1d-1c2a-9b6e-1d2f3a4b5c6d' }],
    ],
  ])('%s', (_name, comment, expected) => {
    expect(commentSegments(comment)).toEqual(expected);
  });
});

describe('mentionAt', () => {
  it.each([
    ['an @ at the start', '@ad', 3, { start: 0, query: 'ad' }],
    ['an @ after a space', 'hi @Gr', 6, { start: 3, query: 'Gr' }],
    ['a bare @', 'hi @', 4, { start: 3, query: '' }],
    ['an @ inside a word (an address)', 'me@ex', 5, null],
    ['a space after the name ends it', 'hi @ada ', 8, null],
    ['the caret before the @', 'hi @ada', 2, null],
    ['the caret in the middle of the name', 'hi @adax', 6, { start: 3, query: 'ad' }],
  ])('%s', (_name, text, caret, expected) => {
    expect(mentionAt(text, caret)).toEqual(expected);
  });
});

describe('insertMention', () => {
  it.each([
    ['at the end', 'hi @ad', { start: 3, query: 'ad' }, 6, { text: `hi @${ADA} `, caret: 3 + ADA.length + 2 }],
    [
      'before more text, one space between',
      'hi @ad please',
      { start: 3, query: 'ad' },
      6,
      { text: `hi @${ADA} please`, caret: 3 + ADA.length + 2 },
    ],
    ['at the start', '@', { start: 0, query: '' }, 1, { text: `@${ADA} `, caret: ADA.length + 2 }],
  ])('%s', (_name, text, draft, caret, expected) => {
    expect(insertMention(text, draft, caret, ADA)).toEqual(expected);
  });
});
