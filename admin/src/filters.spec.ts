import { buildFilter, Condition, operatorsFor, parseFilter } from './filters';

const types: Record<string, string> = {
  title: 'string',
  views: 'integer',
  price: 'decimal',
  published: 'boolean',
  meta: 'json',
  at: 'dateTime',
};
const typeOf = (field: string) => types[field];
const c = (field: string, operator: string, value = ''): Condition => ({ field, operator, value });

describe('operatorsFor', () => {
  it.each([
    [
      'string',
      [
        '_eq',
        '_neq',
        '_contains',
        '_ncontains',
        '_icontains',
        '_starts_with',
        '_ends_with',
        '_in',
        '_nin',
        '_null',
        '_nnull',
      ],
    ],
    ['integer', ['_eq', '_neq', '_lt', '_lte', '_gt', '_gte', '_in', '_nin', '_null', '_nnull']],
    ['dateTime', ['_eq', '_neq', '_lt', '_lte', '_gt', '_gte', '_in', '_nin', '_null', '_nnull']],
    ['boolean', ['_eq', '_neq', '_null', '_nnull']],
    ['json', ['_null', '_nnull']],
    ['uuid', ['_eq', '_neq', '_in', '_nin', '_null', '_nnull']],
  ])('offers the operators that fit %s', (type, ids) => {
    expect(operatorsFor(type).map((o) => o.id)).toEqual(ids);
  });
});

describe('buildFilter', () => {
  it.each([
    ['no condition', [], null],
    ['one condition, unwrapped', [c('title', '_contains', 'news')], { title: { _contains: 'news' } }],
    ['numbers as numbers', [c('views', '_gte', '10')], { views: { _gte: 10 } }],
    ['decimals kept as text', [c('price', '_lt', '9.99')], { price: { _lt: '9.99' } }],
    ['booleans', [c('published', '_eq', 'true')], { published: { _eq: true } }],
    ['lists split on commas', [c('views', '_in', '1, 2,3')], { views: { _in: [1, 2, 3] } }],
    ['operators without a value', [c('meta', '_null')], { meta: { _null: true } }],
    [
      'several conditions, all of them',
      [c('title', '_eq', 'a'), c('views', '_gt', '1')],
      { _and: [{ title: { _eq: 'a' } }, { views: { _gt: 1 } }] },
    ],
    ['a value not typed yet, left out', [c('title', '_eq', ''), c('views', '_gt', '1')], { views: { _gt: 1 } }],
    ['an operator that does not fit the type, left out', [c('meta', '_contains', 'x')], null],
  ])('builds %s', (_name, conditions, filter) => {
    expect(buildFilter(conditions, typeOf)).toEqual(filter);
  });
});

describe('parseFilter', () => {
  it.each([
    ['no filter', null, []],
    ['one condition', { title: { _contains: 'news' } }, [c('title', '_contains', 'news')]],
    [
      'numbers and booleans as text',
      { _and: [{ views: { _gte: 10 } }, { published: { _eq: true } }] },
      [c('views', '_gte', '10'), c('published', '_eq', 'true')],
    ],
    ['lists joined with commas', { views: { _in: [1, 2, 3] } }, [c('views', '_in', '1, 2, 3')]],
    ['operators without a value', { meta: { _null: true } }, [c('meta', '_null')]],
    ['variables as typed', { owner: { _eq: '$CURRENT_USER' } }, [c('owner', '_eq', '$CURRENT_USER')]],
  ])('reads %s back as conditions', (_name, filter, conditions) => {
    expect(parseFilter(filter)).toEqual(conditions);
  });

  it.each([
    ['an _or', { _or: [{ title: { _eq: 'a' } }] }],
    ['a nested relation', { author: { name: { _eq: 'a' } } }],
    ['two operators on one field', { views: { _gt: 1, _lt: 9 } }],
    ['a negated _null', { meta: { _null: false } }],
    ['two fields in one object', { views: { _gt: 1 }, title: { _eq: 'a' } }],
  ])('cannot show %s', (_name, filter) => {
    expect(parseFilter(filter)).toBeNull();
  });

  it('builds back the filter it read', () => {
    const filter = { _and: [{ title: { _eq: 'a' } }, { views: { _in: [1, 2] } }] };
    expect(buildFilter(parseFilter(filter)!, typeOf)).toEqual(filter);
  });
});
