import { InvalidPayloadError } from '../../../common/errors/errors';
import { validateApplyBody } from './validate-apply-body';

const empty = { collections: [], fields: [], systemFields: [], relations: [] };
const created = {
  ...empty,
  collections: [
    { collection: 'a', diff: [{ kind: 'N', rhs: { collection: 'a', meta: null, schema: { name: 'a' } } }] },
  ],
};

describe(validateApplyBody.name, () => {
  it.each([
    ['a plain body', { hash: 'h', diff: created }],
    ['the { data } envelope of /schema/diff', { data: { hash: 'h', diff: created } }],
  ])('accepts %s', (_label, input) => expect(validateApplyBody(input)).toEqual({ hash: 'h', diff: created }));

  it.each([
    ['no hash', { diff: empty }, '"hash"'],
    ['no diff', { hash: 'h' }, '"diff"'],
    [
      'a diff without systemFields',
      { hash: 'h', diff: { collections: [], fields: [], relations: [] } },
      'diff.systemFields',
    ],
    [
      'an entry without its name',
      { hash: 'h', diff: { ...empty, fields: [{ collection: 'a', diff: [{ kind: 'D', lhs: {} }] }] } },
      'diff.fields[0]',
    ],
    [
      'an unknown record kind',
      { hash: 'h', diff: { ...empty, collections: [{ collection: 'a', diff: [{ kind: 'X' }] }] } },
      'kind N, D, E or A',
    ],
    [
      'an edit without path',
      { hash: 'h', diff: { ...empty, collections: [{ collection: 'a', diff: [{ kind: 'E', lhs: 1, rhs: 2 }] }] } },
      'path',
    ],
    [
      'an empty record list',
      { hash: 'h', diff: { ...empty, relations: [{ collection: 'a', field: 'b', diff: [] }] } },
      'non-empty',
    ],
    ['an array', [], 'object'],
    ...['__proto__', 'constructor', 'prototype'].map((key): [string, unknown, string] => [
      `a path through ${key}`,
      {
        hash: 'h',
        diff: { ...empty, collections: [{ collection: 'a', diff: [{ kind: 'N', path: ['meta', key, 'z'], rhs: 1 }] }] },
      },
      `diff.collections[0].diff[0]: "path" may not use "${key}" as a key`,
    ]),
    [
      'an array change whose item goes through a prototype',
      {
        hash: 'h',
        diff: {
          ...empty,
          fields: [
            {
              collection: 'a',
              field: 'b',
              diff: [{ kind: 'A', path: ['meta'], index: 0, item: { kind: 'N', path: ['prototype'], rhs: 1 } }],
            },
          ],
        },
      },
      '"path" may not use "prototype"',
    ],
    [
      'a value holding __proto__',
      {
        hash: 'h',
        diff: {
          ...empty,
          collections: [
            {
              collection: 'a',
              diff: [{ kind: 'E', path: ['meta', 'note'], rhs: JSON.parse('{"__proto__":{"z":1}}') }],
            },
          ],
        },
      },
      'The diff may not use "__proto__" as a key',
    ],
  ])('refuses %s', (_label, input, mention) => {
    expect(() => validateApplyBody(input)).toThrow(InvalidPayloadError);
    expect(() => validateApplyBody(input)).toThrow(mention);
  });
});
