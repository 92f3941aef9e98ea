import { restFilter } from './function-types';

describe(restFilter.name, () => {
  it.each([
    [{ title: { _eq: 'x' } }, { title: { _eq: 'x' } }],
    [{ at_func: { year: { _eq: 2020 }, month: { _gt: 6 } } }, { 'year(at)': { _eq: 2020 }, 'month(at)': { _gt: 6 } }],
    [{ _or: [{ comments_func: { count: { _gte: 2 } } }, { views: { _lt: 3 } }] }, { _or: [{ 'count(comments)': { _gte: 2 } }, { views: { _lt: 3 } }] }],
    [{ author: { born_func: { year: { _lt: 1900 } } } }, { author: { 'year(born)': { _lt: 1900 } } }],
    [{ tags: { _in: ['a', 'b'] } }, { tags: { _in: ['a', 'b'] } }],
  ])('%j → %j', (filter, expected) => expect(restFilter(filter)).toEqual(expected));
});
