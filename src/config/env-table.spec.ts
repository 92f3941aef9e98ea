import 'reflect-metadata';
import { ENV_DOCS, EnvDoc } from './env-docs';
import { TABLE_END, TABLE_START, envDocProblems, renderEnvTable, withEnvTable } from './env-table';
import { knownVariables } from './unknown-variables';

const doc = (names: string[], defaults: string[], meaning = 'm'): EnvDoc => ({ names, defaults, meaning });

describe('envDocProblems', () => {
  it.each<[string, EnvDoc[], string[], string[]]>([
    ['every variable documented once', [doc(['A', 'B'], ['`1`', 'unset'])], ['A', 'B'], []],
    ['one default shared by all names', [doc(['A', 'B'], ['unset'])], ['A', 'B'], []],
    ['a family pattern needs no schema property', [doc(['STORAGE_<NAME>_ROOT'], ['`./uploads`'])], [], []],
    ['a variable without an entry', [doc(['A'], ['`1`'])], ['A', 'B'], ['B has no entry in env-docs.ts']],
    ['a name documented twice', [doc(['A'], ['`1`']), doc(['A'], ['`2`'])], ['A'], ['A is documented twice']],
    [
      'a documented name the schema lacks',
      [doc(['A', 'Z'], ['unset'])],
      ['A'],
      ['Z is documented but not in env.schema.ts'],
    ],
    [
      'defaults neither per name nor shared',
      [doc(['A', 'B', 'C'], ['`1`', '`2`'])],
      ['A', 'B', 'C'],
      ['A, B, C: 3 names but 2 defaults'],
    ],
  ])('%s', (_, docs, known, expected) => {
    expect(envDocProblems(docs, known)).toEqual(expected);
  });

  it('finds none between env-docs.ts and the schema', () => {
    expect(envDocProblems(ENV_DOCS, knownVariables())).toEqual([]);
  });
});

describe('renderEnvTable', () => {
  it('renders one row per entry: names as code, defaults joined in order, the meaning as written', () => {
    expect(renderEnvTable([doc(['A', 'B'], ['`1`', 'unset'], 'first'), doc(['C'], ['`x`'], 'a `c`')])).toBe(
      [
        '| Variable | Default | Meaning |',
        '|---|---|---|',
        '| `A`, `B` | `1`, unset | first |',
        '| `C` | `x` | a `c` |',
      ].join('\n'),
    );
  });
});

describe('withEnvTable', () => {
  it('replaces what lies between the markers and leaves the rest', () => {
    const readme = `intro\n${TABLE_START}\nold\nrows\n${TABLE_END}\nafter\n`;
    expect(withEnvTable(readme, 'new')).toBe(`intro\n${TABLE_START}\nnew\n${TABLE_END}\nafter\n`);
  });

  it('is stable: writing the same table twice changes nothing', () => {
    const once = withEnvTable(`${TABLE_START}\n${TABLE_END}\n`, 'table');
    expect(withEnvTable(once, 'table')).toBe(once);
  });

  it.each([
    ['no markers', 'just text'],
    ['the end marker before the start', `${TABLE_END}\n${TABLE_START}`],
  ])('refuses a README with %s', (_, readme) => {
    expect(() => withEnvTable(readme, 't')).toThrow(/lacks the markers/);
  });
});
