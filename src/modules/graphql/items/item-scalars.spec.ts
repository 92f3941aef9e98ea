import { GraphQLError, parseValue } from 'graphql';
import { GraphQLJSON } from './item-scalars';

describe('GraphQLJSON literals', () => {
  it.each([
    ['{ a: 1, b: [true, null, "x"] }', { a: 1, b: [true, null, 'x'] }],
    ['{ title: "constructor", tags: ["prototype"] }', { title: 'constructor', tags: ['prototype'] }],
  ])('reads %s', (text, expected) => expect(GraphQLJSON.parseLiteral(parseValue(text), {})).toEqual(expected));

  it.each([['{ __proto__: { z: 1 } }'], ['{ a: [{ constructor: { prototype: { z: 1 } } }] }'], ['{ prototype: 1 }']])(
    'refuses %s',
    (text) => {
      expect(() => GraphQLJSON.parseLiteral(parseValue(text), {})).toThrow(GraphQLError);
      expect(() => GraphQLJSON.parseLiteral(parseValue(text), {})).toThrow(
        /may not use "(__proto__|constructor|prototype)" as a key/,
      );
    },
  );
});
