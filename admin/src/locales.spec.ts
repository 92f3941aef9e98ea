import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = join(__dirname, 'locales');

/** Every key of a catalogue, nested ones as `a.b`. */
function keysOf(strings: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Record<string, unknown>;

describe('the interface catalogues', () => {
  const areas = readdirSync(join(LOCALES, 'en')).sort();

  it('has the same areas in every language', () => {
    for (const language of readdirSync(LOCALES)) expect(readdirSync(join(LOCALES, language)).sort()).toEqual(areas);
  });

  it.each(areas)('%s: German has exactly the English keys, none empty', (area) => {
    const english = read('en', area);
    const german = read('de', area);
    expect(keysOf(german).sort()).toEqual(keysOf(english).sort());
    expect(
      keysOf(german).filter(
        (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], german) === '',
      ),
    ).toEqual([]);
  });
});
