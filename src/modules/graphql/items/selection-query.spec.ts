import {
  GraphQLInt,
  GraphQLList,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  Kind,
  parse,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { selectionToQuery } from './selection-query';

const author: GraphQLObjectType = new GraphQLObjectType({
  name: 'authors',
  fields: () => ({
    id: { type: GraphQLInt },
    name: { type: GraphQLString },
    articles: {
      type: new GraphQLList(article),
      args: { limit: { type: GraphQLInt }, sort: { type: new GraphQLList(GraphQLString) } },
    },
  }),
});
const article: GraphQLObjectType = new GraphQLObjectType({
  name: 'articles',
  fields: () => ({
    id: { type: GraphQLInt },
    title: { type: GraphQLString },
    author: { type: author, args: { limit: { type: GraphQLInt } } },
  }),
});

const circle = new GraphQLObjectType({
  name: 'circles',
  fields: { id: { type: GraphQLInt }, radius: { type: GraphQLInt } },
});
const square = new GraphQLObjectType({
  name: 'squares',
  fields: { id: { type: GraphQLInt }, width: { type: GraphQLInt } },
});
const child = new GraphQLObjectType({
  name: 'shapes_children',
  fields: {
    collection: { type: GraphQLString },
    item: {
      type: new GraphQLUnionType({
        name: 'u',
        types: [circle, square],
        extensions: { any: { collectionField: 'collection', keys: { circles: 'id', squares: 'id' } } },
      }),
    },
  },
});
const shape = new GraphQLObjectType({ name: 'shapes', fields: { children: { type: new GraphQLList(child) } } });

function query(document: string, variables: Record<string, unknown> = {}, type = article) {
  const doc = parse(document);
  const operation = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const root = operation.selectionSet.selections[0];
  if (root.kind !== Kind.FIELD) throw new Error('expected a field');
  return selectionToQuery(type, root.selectionSet, { fragments, variableValues: variables });
}

describe(selectionToQuery.name, () => {
  it.each([
    ['{ a { id title } }', { fields: ['id', 'title'] }],
    ['{ a { title __typename } }', { fields: ['title'] }],
    ['{ a { title author { name } } }', { fields: ['title', 'author.name'] }],
    ['{ a { ...F } } fragment F on articles { title }', { fields: ['title'] }],
    ['{ a { ... on articles { id } title } }', { fields: ['id', 'title'] }],
    [
      '{ a { author { articles(limit: 2, sort: ["-id"]) { title } } } }',
      { fields: ['author.articles.title'], deep: { author: { articles: { _limit: 2, _sort: ['-id'] } } } },
    ],
  ])('%s', (document, expected) => expect(query(document)).toEqual(expected));

  it('reads relational arguments from variables', () => {
    expect(query('query($n: Int) { a { author(limit: $n) { name } } }', { n: 3 })).toEqual({
      fields: ['author.name'],
      deep: { author: { _limit: 3 } },
    });
  });

  it('reads each member of a many-to-any union as item:<collection>, with its key', () => {
    const document =
      '{ s { children { item { __typename ... on circles { radius } ...F } } } } fragment F on squares { width }';
    expect(query(document, {}, shape)).toEqual({
      fields: [
        'children.collection',
        'children.item:circles.id',
        'children.item:circles.radius',
        'children.item:squares.id',
        'children.item:squares.width',
      ],
    });
  });
});
