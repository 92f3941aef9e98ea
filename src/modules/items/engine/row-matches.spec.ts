import type { Filter } from '../../../common/query/query.types';
import { rowMatches } from './row-matches';

const row = { id: 1, owner: 'u1', status: 'draft', views: 5, note: null };
const isColumn = (field: string) => field in row;

describe(rowMatches.name, () => {
  it.each<[string, Filter, boolean]>([
    ['an empty filter', {}, true],
    ['an equal column', { owner: { _eq: 'u1' } }, true],
    ['another owner', { owner: { _eq: 'u2' } }, false],
    ['several operators, all met', { views: { _gt: 1, _lt: 10 } }, true],
    ['several operators, one not', { views: { _gt: 1, _lt: 3 } }, false],
    ['_and', { _and: [{ owner: { _eq: 'u1' } }, { status: { _eq: 'published' } }] }, false],
    ['_or', { _or: [{ owner: { _eq: 'u2' } }, { status: { _in: ['draft'] } }] }, true],
    ['_null', { note: { _null: true } }, true],
    ['a relation: undecided, not met', { owner: { id: { _eq: 'u1' } } }, false],
    [
      'a relation in _or beside a met condition',
      { _or: [{ owner: { id: { _eq: 'u1' } } }, { views: { _eq: 5 } }] },
      true,
    ],
    ['an unknown field', { $FOLLOW: { _eq: 1 } }, false],
    ['a function', { 'year(date)': { _eq: 2020 } }, false],
    ['an unknown operator', { owner: { _json: {} } }, false],
    ['an inherited name', { owner: { constructor: 1 } }, false],
  ])('%s', (_name, filter, expected) => expect(rowMatches(row, filter, isColumn)).toBe(expected));
});
