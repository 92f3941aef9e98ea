import { buildSchema, GraphQLBoolean, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, validate } from 'graphql';
import { documentLimitRules, type DocumentLimits } from './document-limits';

const base = buildSchema('type Node { id: ID, name: String, child: Node } type Query { node: Node }');
const schema = new GraphQLSchema({
  query: base.getQueryType(),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: {
      hash_it: { type: GraphQLString, extensions: { hashing: true } },
      cheap: { type: GraphQLBoolean },
    },
  }),
});
const limits: DocumentLimits = { maxDepth: 4, maxFields: 20, maxAliases: 3, maxHashingFields: 1 };

function problems(source: string): string[] {
  return validate(schema, parse(source), documentLimitRules(limits)).map((e) => e.message);
}

const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: node { id }`).join(' ');

describe('documentLimitRules', () => {
  it.each([
    ['a plain query', '{ node { id name child { id } } }'],
    ['depth at the limit', '{ node { child { child { id } } } }'],
    ['aliases at the limit', `{ ${aliases(3)} }`],
    ['one hashing mutation among others', 'mutation { hash_it cheap a: cheap }'],
    ['a fragment spread twice within the budget', 'fragment F on Node { id name } { node { ...F child { ...F } } }'],
  ])('accepts %s', (_title, source) => expect(problems(source)).toEqual([]));

  it.each([
    ['depth past the limit', '{ node { child { child { child { id } } } } }', 'is nested deeper than 4 levels'],
    [
      'depth hidden in fragments',
      'fragment A on Node { child { ...B } } fragment B on Node { child { child { id } } } { node { ...A } }',
      'is nested deeper than 4 levels',
    ],
    ['too many aliases', `{ ${aliases(4)} }`, 'has more than 3 aliases'],
    [
      'aliases multiplied by spreads',
      'fragment F on Query { x: node { id } y: node { id } } query Q { ...F ... on Query { ...F } }',
      'The Q has more than 3 aliases',
    ],
    ['too many fields', `{ ${'node { id name } '.repeat(7)} }`, 'selects more than 20 fields'],
    [
      'fragments that multiply',
      'fragment A on Node { id ...B ...B } fragment B on Node { id ...C ...C } fragment C on Node { id ...D ...D } fragment D on Node { id name } { node { ...A } }',
      'selects more than 20 fields',
    ],
    ['two hashing mutations', 'mutation { a: hash_it b: hash_it }', 'at most 1 password hashing field (hash_it)'],
  ])('refuses %s', (_title, source, message) => {
    const found = problems(source);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('does not loop on a fragment cycle (the standard rules report it)', () => {
    expect(problems('fragment A on Node { child { ...A } } { node { ...A } }')).toEqual([]);
    expect(problems('fragment A on Node { ...A } { node { ...A } }')).toEqual([]);
  });
});
