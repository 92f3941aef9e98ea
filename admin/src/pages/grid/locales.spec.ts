import deGrid from '../../locales/de/grid.json';
import deNav from '../../locales/de/nav.json';
import enGrid from '../../locales/en/grid.json';
import enNav from '../../locales/en/nav.json';

/** Every key of a catalogue, nested ones as `a.b`. */
function keys(strings: object, prefix = ''): string[] {
  return Object.entries(strings)
    .flatMap(([key, value]) =>
      typeof value === 'object' && value ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}

/** The `{{name}}` placeholders of every string, by key. */
function placeholders(strings: object): Record<string, string[]> {
  const flat = (s: object, prefix = ''): [string, string][] =>
    Object.entries(s).flatMap(([k, v]) =>
      typeof v === 'object' && v
        ? flat(v as object, `${prefix}${k}.`)
        : [[`${prefix}${k}`, String(v)] as [string, string]],
    );
  return Object.fromEntries(flat(strings).map(([k, v]) => [k, (v.match(/{{\w+}}/g) ?? []).sort()]));
}

describe('the grid and navigation strings in German', () => {
  it.each([
    ['grid', enGrid, deGrid],
    ['nav', enNav, deNav],
  ])('%s: every English key has a German string with the same placeholders', (_area, en, de) => {
    expect(keys(de)).toEqual(keys(en));
    expect(placeholders(de)).toEqual(placeholders(en));
  });
});
