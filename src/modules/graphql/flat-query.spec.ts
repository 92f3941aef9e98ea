import { buildSchema, execute, parse, type GraphQLSchema } from 'graphql';
import { executeFlat, flatQueryOf } from './flat-query';

const schema: GraphQLSchema = buildSchema(`
  type Row { id: ID!, title: String, n: Int, tags: [String], must: String!, child: Row }
  type Query { rows(limit: Int): [Row!]!, row(id: ID!): Row, count: Int, broken: [Row!]! }
`);
type Row = { id: number; title: string | null; n: number; tags: string[] | null; must: string | null };
const ROWS: Row[] = [
  { id: 1, title: 'a', n: 7, tags: ['x', 'y'], must: 'm' },
  { id: 2, title: null, n: 8, tags: null, must: 'm' },
];
const root = {
  rows: ({ limit }: { limit?: number }) => Promise.resolve(ROWS.slice(0, limit ?? ROWS.length)),
  row: ({ id }: { id: string }) => ROWS.find((r) => String(r.id) === id) ?? null,
  broken: () => Promise.reject(new Error('no')),
};

/** graphql-js resolves these from the root value; the flat executor calls the same resolver shape. */
for (const [name, resolve] of Object.entries(root))
  schema.getQueryType()!.getFields()[name].resolve = (_s, args) => (resolve as (a: unknown) => unknown)(args);

async function both(query: string, variables?: Record<string, unknown>) {
  const document = parse(query);
  const plan = flatQueryOf(schema, document, undefined);
  const flat = plan && (await executeFlat(schema, plan, variables, {}));
  const general = await execute({ schema, document, variableValues: variables });
  return { plan, flat, general: JSON.parse(JSON.stringify(general)) as unknown };
}

describe('flat queries', () => {
  it.each([
    ['a list of leaves, with aliases, IDs as strings and a list of strings', '{ rows { key: id title tags } }', {}],
    ['arguments from variables', 'query Q($l: Int) { rows(limit: $l) { id n } }', { l: 1 }],
    ['a nullable row by key, and a missing one', '{ one: row(id: "2") { id title } none: row(id: "9") { id } }', {}],
  ])('answers %s as graphql-js does', async (_what, query, variables: Record<string, unknown>) => {
    const { plan, flat, general } = await both(query, variables);
    expect(plan).not.toBeNull();
    expect(JSON.parse(JSON.stringify(flat))).toEqual(general);
  });

  it.each([
    ['a null in a non-null leaf', '{ row(id: "1") { must } rows { id } }', { ...ROWS[0], must: null }, {}],
    ['a resolver error', '{ broken { id } }', null, {}],
    ['a variable of the wrong type', 'query Q($l: Int) { rows(limit: $l) { id } }', null, { l: 'x' }],
  ])('leaves %s to graphql-js', async (_what, query, row, variables: Record<string, unknown>) => {
    const saved = ROWS[0];
    if (row) ROWS[0] = row;
    try {
      const { plan, flat, general } = await both(query, variables);
      expect(plan).not.toBeNull();
      expect(flat).toBeNull();
      expect(general).toHaveProperty('errors');
    } finally {
      ROWS[0] = saved;
    }
  });

  it.each([
    ['a relation', '{ rows { id child { id } } }'],
    ['a fragment', '{ rows { ...F } } fragment F on Row { id }'],
    ['a directive', '{ rows { id @include(if: true) } }'],
    ['__typename', '{ rows { __typename id } }'],
    ['a root scalar', '{ count }'],
    ['a subscription', 'subscription { rows { id } }'],
  ])('has no plan for %s', (_what, query) => {
    expect(flatQueryOf(schema, parse(query), undefined)).toBeNull();
  });
});
