import { InvalidQueryError } from '../errors/errors';
import { JSON_OPERATORS } from './parse-filter';
import { parseJsonFilter } from './parse-json-filter';

const parse = (value: unknown) => parseJsonFilter(value, JSON_OPERATORS);
const at = (pathText: string, path: (string | number)[], operator: string, value: unknown) => ({
  path,
  pathText,
  operator,
  value,
});

describe(parseJsonFilter.name, () => {
  it.each<[string, unknown, unknown]>([
    ['one path', { color: { _eq: 'red' } }, { logic: 'and', children: [at('color', ['color'], '_eq', 'red')] }],
    [
      'paths with keys and indexes, several operators',
      { 'settings.theme': { _null: true }, '[0].tags[1]': { _gt: 1, _lt: 5 } },
      {
        logic: 'and',
        children: [
          at('settings.theme', ['settings', 'theme'], '_null', true),
          at('[0].tags[1]', [0, 'tags', 1], '_gt', 1),
          at('[0].tags[1]', [0, 'tags', 1], '_lt', 5),
        ],
      },
    ],
    [
      '_or with a nested _and',
      { _or: [{ a: { _eq: 1 } }, { _and: [{ b: { _in: ['x', 2] } }] }] },
      {
        logic: 'and',
        children: [
          {
            logic: 'or',
            children: [
              { logic: 'and', children: [at('a', ['a'], '_eq', 1)] },
              {
                logic: 'and',
                children: [{ logic: 'and', children: [{ logic: 'and', children: [at('b', ['b'], '_in', ['x', 2])] }] }],
              },
            ],
          },
        ],
      },
    ],
    [
      'null and booleans as values',
      { a: { _eq: null, _neq: false, _nnull: 'true' } },
      {
        logic: 'and',
        children: [at('a', ['a'], '_eq', null), at('a', ['a'], '_neq', false), at('a', ['a'], '_nnull', 'true')],
      },
    ],
    [
      'between of two',
      { a: { _between: ['x', 'y'] } },
      { logic: 'and', children: [at('a', ['a'], '_between', ['x', 'y'])] },
    ],
    ['nothing', {}, { logic: 'and', children: [] }],
  ])('parses %s', (_name, value, expected) => expect(parse(value)).toEqual(expected));

  it.each<[string, unknown, RegExp]>([
    ['text', 'x', /needs an object/],
    ['null', null, /needs an object/],
    ['an array', [{ a: { _eq: 1 } }], /needs an object/],
    ['an empty path', { '': { _eq: 1 } }, /must not be empty/],
    ['a blank path', { ' ': { _eq: 1 } }, /must not be empty/],
    ['a wildcard', { 'a[*]': { _eq: 1 } }, /Invalid JSON path/],
    ['a $ root', { '$.a': { _eq: 1 } }, /Invalid JSON path/],
    ['11 segments', { 'a.b.c.d.e.f.g.h.i.j.k': { _eq: 1 } }, /depth/],
    ['an operand that is no object', { a: 'x' }, /needs an operator object/],
    ['no operator', { a: {} }, /needs an operator/],
    ['a nested path', { 'a.b': { 'c[0]': { _eq: 1 } } }, /write "a.b.c\[0\]"/],
    ['an unknown operator', { a: { _regex: 'x' } }, /Unknown filter operator "_regex"/],
    ['_or as an object', { _or: { a: { _eq: 1 } } }, /must be an array of objects/],
    ['a null in _and', { _and: [null] }, /must be an array of objects/],
    ['a bad path in _or', { _or: [{ 'a..b': { _eq: 1 } }] }, /Invalid JSON path/],
    ['_in as text', { a: { _in: 'x,y' } }, /non-empty list/],
    ['_nin empty', { a: { _nin: [] } }, /non-empty list/],
    ['_between of one', { a: { _between: [1] } }, /two values/],
    ['_nbetween as a number', { a: { _nbetween: 5 } }, /two values/],
    ['an object in a list', { a: { _in: [{}] } }, /string, number or boolean/],
    ['null in a list', { a: { _in: [null] } }, /string, number or boolean/],
    ['_null as text', { a: { _null: 'yes' } }, /true or false/],
    ['_empty as a number', { a: { _empty: 1 } }, /true or false/],
    ['_eq empty', { a: { _eq: '' } }, /_empty/],
    ['_eq an object', { a: { _eq: { b: 1 } } }, /string, number or boolean/],
    ['_eq a list', { a: { _eq: [1] } }, /string, number or boolean/],
  ])('refuses %s', (_name, value, message) => {
    expect(() => parse(value)).toThrow(InvalidQueryError);
    expect(() => parse(value)).toThrow(message);
  });
});
