/** One of a collection's or field's `meta.translations`: the name people read in a language. */
export interface Translation {
  language: string;
  translation: string;
}

// Short words people write in capitals; the rest of a key reads in title case.
const ACRONYMS = new Set(['id', 'url', 'uri', 'api', 'seo', 'ip', 'sku', 'html', 'json', 'csv', 'uuid']);

/** A key as people read it: `eco_articles` → "Eco Articles", `dateCreated` → "Date Created", `author_id` → "Author ID". */
export function titleCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The translation for the language: the exact tag first (`de-CH`), then the same language (`de-DE` for `de`). */
function translationFor(translations: Translation[], language: string): string | undefined {
  const exact = translations.find((t) => t.language.toLowerCase() === language.toLowerCase());
  const base = language.split('-')[0].toLowerCase();
  const sameLanguage = translations.find((t) => t.language.split('-')[0].toLowerCase() === base);
  return (exact ?? sameLanguage)?.translation || undefined;
}

/** The name shown for a collection or a field: its translation in the reader's language, else its key in title case. */
export function displayName(key: string, translations: unknown, language: string): string {
  const list = Array.isArray(translations)
    ? translations.filter(
        (t: Partial<Translation> | null): t is Translation =>
          typeof t?.language === 'string' && typeof t?.translation === 'string',
      )
    : [];
  return translationFor(list, language) ?? titleCase(key);
}
