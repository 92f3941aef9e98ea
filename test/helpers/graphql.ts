import type { TestApp } from './test-app';

/** POST /graphql as `who`; `data` also asserts the answer is a 200 without errors. */
export function graphqlItems(t: () => TestApp) {
  const gql = (who: string, query: string, variables: Record<string, unknown> = {}) =>
    t().as(who).post('/graphql').send({ query, variables });
  const data = async (who: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await gql(who, query, variables);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res.body.data;
  };
  return { gql, data };
}
