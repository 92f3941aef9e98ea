import { groupPlan, propertyChanges, SchemaDiff, showValue } from './schema-plan';

const empty: SchemaDiff = { collections: [], fields: [], systemFields: [], relations: [] };

describe('groupPlan', () => {
  it.each<[string, SchemaDiff, ReturnType<typeof groupPlan>]>([
    ['nothing', empty, []],
    [
      'a created collection with its fields under it',
      {
        ...empty,
        collections: [{ collection: 'posts', diff: [{ kind: 'N', rhs: { collection: 'posts' } }] }],
        fields: [{ collection: 'posts', field: 'title', diff: [{ kind: 'N', rhs: {} }] }],
      },
      [
        {
          collection: 'posts',
          kind: 'created',
          changes: [
            { kind: 'created', subject: 'collection', name: '', properties: [] },
            { kind: 'created', subject: 'field', name: 'title', properties: [] },
          ],
        },
      ],
    ],
    [
      'a deleted collection',
      { ...empty, collections: [{ collection: 'old', diff: [{ kind: 'D', lhs: {} }] }] },
      [
        {
          collection: 'old',
          kind: 'deleted',
          changes: [{ kind: 'deleted', subject: 'collection', name: '', properties: [] }],
        },
      ],
    ],
    [
      'field changes in a collection that stays, groups sorted by name',
      {
        ...empty,
        fields: [
          { collection: 'b', field: 'x', diff: [{ kind: 'E', path: ['schema', 'max_length'], lhs: 100, rhs: 200 }] },
          { collection: 'a', field: 'y', diff: [{ kind: 'D', lhs: {} }] },
        ],
        relations: [{ collection: 'b', field: 'author', related_collection: 'people', diff: [{ kind: 'N', rhs: {} }] }],
      },
      [
        {
          collection: 'a',
          kind: 'changed',
          changes: [{ kind: 'deleted', subject: 'field', name: 'y', properties: [] }],
        },
        {
          collection: 'b',
          kind: 'changed',
          changes: [
            {
              kind: 'changed',
              subject: 'field',
              name: 'x',
              properties: [{ property: 'schema.max_length', from: 100, to: 200 }],
            },
            { kind: 'created', subject: 'relation', name: 'author → people', properties: [] },
          ],
        },
      ],
    ],
  ])('%s', (_, diff, expected) => {
    expect(groupPlan(diff)).toEqual(expected);
  });
});

describe('propertyChanges', () => {
  it.each([
    [
      { kind: 'E' as const, path: ['meta', 'note'], lhs: 'a', rhs: 'b' },
      { property: 'meta.note', from: 'a', to: 'b' },
    ],
    [
      { kind: 'N' as const, path: ['meta', 'hidden'], rhs: true },
      { property: 'meta.hidden', from: undefined, to: true },
    ],
    [
      { kind: 'D' as const, path: ['meta', 'note'], lhs: 'x' },
      { property: 'meta.note', from: 'x', to: undefined },
    ],
    [
      { kind: 'A' as const, path: ['meta', 'special'], index: 1, item: { kind: 'N' as const, rhs: 'uuid' } },
      { property: 'meta.special[1]', from: undefined, to: 'uuid' },
    ],
  ])('%j', (record, expected) => {
    expect(propertyChanges([record])).toEqual([expected]);
  });
});

describe('showValue', () => {
  it.each([
    [undefined, '(none)'],
    [null, 'null'],
    ['text', '"text"'],
    [{ a: 1 }, '{"a":1}'],
    ['x'.repeat(100), `"${'x'.repeat(76)}…`],
  ])('%j → %s', (value, expected) => {
    expect(showValue(value)).toBe(expected);
  });
});
