import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Strings = { [key: string]: string | Strings };

const read = (language: string, area: string): Strings =>
  JSON.parse(readFileSync(join(__dirname, 'locales', language, `${area}.json`), 'utf8')) as Strings;

/** Every string's key with the placeholders it fills, so a translation that drops `{{collection}}` shows. */
function shape(strings: Strings, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [
          `${prefix}${key} ${[...value.matchAll(/\{\{(\w+)\}\}/g)]
            .map((m) => m[1])
            .sort()
            .join(',')}`,
        ]
      : shape(value, `${prefix}${key}.`),
  );
}

describe('German strings of the relational inputs and the data model', () => {
  it.each(['relations', 'datamodel'])('%s: every English key is translated, with the same placeholders', (area) => {
    expect(shape(read('de', area)).sort()).toEqual(shape(read('en', area)).sort());
  });
});
