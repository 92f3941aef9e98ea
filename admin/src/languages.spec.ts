import { baseLanguage } from './languages';

describe('baseLanguage', () => {
  it.each([
    ['de-DE', 'de'],
    ['de', 'de'],
    ['DE_at', 'de'],
    ['en-US', 'en'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%p → %p', (tag, expected) => {
    expect(baseLanguage(tag)).toBe(expected);
  });
});
