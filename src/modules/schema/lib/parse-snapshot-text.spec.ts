import { parse as parseYaml } from 'yaml';
import { parseSnapshotText } from './parse-snapshot-text';

/** YAML documents, and whether a key is given twice in one of their mappings. */
const YAML_CASES: [string, string, boolean][] = [
  ['a flat mapping', 'version: 1\nplatform: x\n', false],
  ['the same key in two mappings', 'a:\n  k: 1\nb:\n  k: 2\n', false],
  ['a key twice at the top', 'a: 1\nb: 2\na: 3\n', true],
  ['a key twice in a nested mapping', 'a:\n  b:\n    c: 1\n    c: 2\n', true],
  [
    'a key twice in a mapping inside a sequence',
    'fields:\n  - field: a\n    type: x\n  - field: b\n    field: c\n',
    true,
  ],
  ['a key twice in a flow mapping', 'a: { b: 1, b: 2 }\n', true],
  ['a key twice in a flow sequence of pairs', 'a: [ { b: 1 }, { c: 1, c: 2 } ]\n', true],
  ['numbers equal in value', '1: a\n1.0: b\n', true],
  ['a number and a string are two keys', '1: a\n"1": b\n', false],
  ['a quoted and a plain string are one key', 'a: 1\n"a": 2\n', true],
  ['two null keys', '~: 1\nnull: 2\n', true],
  ['an anchored mapping used twice', 'x: &m { a: 1 }\ny: *m\nz: *m\n', false],
  ['a collection as a key, twice alike', '? [a]\n: 1\n? [a]\n: 2\n', false],
];

describe('parseSnapshotText (YAML)', () => {
  it.each(YAML_CASES)('%s', (_, text, duplicate) => {
    const parsed = parseSnapshotText(text, 'yaml');
    if (duplicate)
      expect(parsed).toEqual({
        error: expect.stringMatching(/^Map keys must be unique: .+ appears twice in one mapping \(line \d+\)$/),
      });
    else expect(parsed).toEqual({ value: parseYaml(text) });
  });

  it.each(YAML_CASES)('refuses exactly what the yaml package refuses: %s', (_, text) => {
    const refused = (() => {
      try {
        parseYaml(text);
        return false;
      } catch {
        return true;
      }
    })();
    expect('error' in parseSnapshotText(text, 'yaml')).toBe(refused);
  });

  it.each<[string, string, RegExp]>([
    [
      'a duplicate names its key and line',
      'a: 1\nb: 2\n\nb: 3\n',
      /^Map keys must be unique: "b" appears twice in one mapping \(line 4\)$/,
    ],
    ['invalid YAML', 'a: [1, 2\n', /.+/],
    ['several documents', 'a: 1\n---\nb: 2\n', /multiple documents/],
    [
      'an alias bomb',
      `a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from(
        { length: 8 },
        (_, i) =>
          `${'b'.repeat(i + 1)}: &${'b'.repeat(i + 1)} [${Array(10)
            .fill(i ? `*${'b'.repeat(i)}` : '*a')
            .join(', ')}]`,
      ).join('\n')}\n`,
      /alias/i,
    ],
  ])('%s', (_, text, message) => {
    const parsed = parseSnapshotText(text, 'yaml');
    expect('error' in parsed && parsed.error).toMatch(message);
  });

  it('reads a mapping of 60,000 keys in linear time', () => {
    const text = Array.from({ length: 60_000 }, (_, i) => `key${i}: ${i}\n`).join('') + 'key7: again\n';
    const started = performance.now();
    expect(parseSnapshotText(text, 'yaml')).toEqual({
      error: 'Map keys must be unique: "key7" appears twice in one mapping (line 60001)',
    });
    // The quadratic check took 56 s here; linear parsing takes about 1 s on a slow machine.
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe('parseSnapshotText (JSON)', () => {
  it.each<[string, string, unknown]>([
    ['an object', '{"version":1}', { value: { version: 1 } }],
    ['a duplicate keeps the last, as every JSON body', '{"a":1,"a":2}', { value: { a: 2 } }],
    ['invalid JSON', '{"a":', { error: expect.any(String) }],
  ])('%s', (_, text, expected) => expect(parseSnapshotText(text, 'json')).toEqual(expected));
});
