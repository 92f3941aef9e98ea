import { displayName, titleCase } from './names';

describe('titleCase', () => {
  it.each([
    ['eco_articles', 'Eco Articles'],
    ['title', 'Title'],
    ['dateCreated', 'Date Created'],
    ['author_id', 'Author ID'],
    ['seo-url', 'SEO URL'],
    ['__odd__key', 'Odd Key'],
    ['views2', 'Views2'],
  ])('%s reads "%s"', (key, expected) => expect(titleCase(key)).toBe(expected));
});

describe('displayName', () => {
  const translations = [
    { language: 'en-US', translation: 'Blog posts' },
    { language: 'de-DE', translation: 'Blogbeiträge' },
    { language: 'fr-CA', translation: 'Billets' },
  ];
  it.each([
    ['en-US', 'Blog posts'],
    ['de-DE', 'Blogbeiträge'],
    ['de', 'Blogbeiträge'],
    ['fr-FR', 'Billets'],
    ['nl-NL', 'Blog Posts'],
  ])('in %s reads "%s"', (language, expected) =>
    expect(displayName('blog_posts', translations, language)).toBe(expected),
  );

  it.each([[null], [undefined], ['nonsense'], [[{ language: 'en-US' }]], [[{ language: 'en-US', translation: '' }]]])(
    'falls back to the key in title case for translations %p',
    (value) => {
      expect(displayName('blog_posts', value, 'en-US')).toBe('Blog Posts');
    },
  );
});
