import { GraphQLInputObjectType, GraphQLList, GraphQLString } from 'graphql';
import { restFilter } from './function-types';

describe(restFilter.name, () => {
  it.each([
    [{ title: { _eq: 'x' } }, { title: { _eq: 'x' } }],
    [{ at_func: { year: { _eq: 2020 }, month: { _gt: 6 } } }, { 'year(at)': { _eq: 2020 }, 'month(at)': { _gt: 6 } }],
    [
      { _or: [{ comments_func: { count: { _gte: 2 } } }, { views: { _lt: 3 } }] },
      { _or: [{ 'count(comments)': { _gte: 2 } }, { views: { _lt: 3 } }] },
    ],
    [{ author: { born_func: { year: { _lt: 1900 } } } }, { author: { 'year(born)': { _lt: 1900 } } }],
    [{ tags: { _in: ['a', 'b'] } }, { tags: { _in: ['a', 'b'] } }],
  ])('%j → %j', (filter, expected) => expect(restFilter(filter, undefined)).toEqual(expected));

  it('renames a field to the REST key its input type names, also in lists and nested filters', () => {
    const circles = new GraphQLInputObjectType({ name: 'circles_filter', fields: { radius: { type: GraphQLString } } });
    const junction: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: 'junction_filter',
      fields: () => ({
        _or: { type: new GraphQLList(junction) },
        item__circles: { type: circles, extensions: { restKey: 'item:circles' } },
        other__x: { type: GraphQLString },
      }),
    });
    const filter = { _or: [{ item__circles: { radius: { _eq: 1 } } }], other__x: { _eq: 'a' } };
    expect(restFilter(filter, junction)).toEqual({
      _or: [{ 'item:circles': { radius: { _eq: 1 } } }],
      other__x: { _eq: 'a' },
    });
  });
});
