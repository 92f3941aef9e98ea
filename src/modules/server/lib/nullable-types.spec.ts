import { nullableAsType } from './nullable-types';

describe(nullableAsType.name, () => {
  it.each<[string, unknown, unknown]>([
    [
      'a nullable typed schema',
      { type: 'string', nullable: true, format: 'uuid' },
      { type: ['string', 'null'], format: 'uuid' },
    ],
    ['a schema that is not nullable', { type: 'integer' }, { type: 'integer' }],
    ['nullable: false', { type: 'integer', nullable: false }, { type: 'integer' }],
    [
      'nested properties and oneOf',
      { type: 'object', properties: { a: { oneOf: [{ type: 'integer', nullable: true }, { $ref: '#/x' }] } } },
      { type: 'object', properties: { a: { oneOf: [{ type: ['integer', 'null'] }, { $ref: '#/x' }] } } },
    ],
    ['arrays of schemas', [{ type: 'boolean', nullable: true }], [{ type: ['boolean', 'null'] }]],
    ['a nullable schema without a type', { nullable: true, description: 'any' }, { description: 'any' }],
    ['scalars', 'text', 'text'],
  ])('%s', (_case, input, expected) => expect(nullableAsType(input)).toEqual(expected));
});
