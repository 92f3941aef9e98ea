const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/**
 * A readable title from a file name, like the reference platform's default title: the extension is
 * dropped, `-`, `_`, `.` and camelCase boundaries become spaces, words are capitalised (short
 * connecting words stay lower case except at the start). With `keepExtension` the extension is
 * appended unchanged: the reference titles an upload without it but an import from a URL with it.
 */
export function formatTitle(filename: string, { keepExtension = false } = {}): string {
  const base = filename.replace(/\.[^./]+$/, '') || filename;
  const extension = keepExtension && base !== filename ? filename.slice(base.length) : '';
  return titleWords(base) + extension;
}

function titleWords(base: string): string {
  const words = base
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s\-_.]+/)
    .filter((word) => word !== '');
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}
