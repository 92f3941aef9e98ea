import { InvalidQueryError } from '../errors/errors';
import { parseFields } from './parse-fields';
import { parseFilter } from './parse-filter';
import { parseLimit } from './parse-limit';
import { parseMeta } from './parse-meta';
import { parseQuery } from './parse-query';
import { parseSort } from './parse-sort';
import { col, fn, json, rel } from './testing/field-refs';

const limits = { limitDefault: 100 };

describe(parseFields.name, () => {
  it.each([
    ['title', ['title']],
    ['title, author.name', ['title', 'author.name']],
    [
      ['title', 'body,author.*'],
      ['title', 'body', 'author.*'],
    ],
    ['*.*', ['*.*']],
    [
      'id,json(metadata, items[0].name),author.json(profile, theme)',
      ['id', 'json(metadata, items[0].name)', 'author.json(profile, theme)'],
    ],
  ])('parses %j', (raw, expected) => expect(parseFields(raw)).toEqual(expected));
  it.each([
    [{ a: 1 }],
    ['a..b'],
    ['a;drop'],
    ['json(metadata)'],
    ["json(metadata, a') OR 1=1"],
    ['json(metadata, color).x'],
  ])('rejects %j', (raw) => expect(() => parseFields(raw)).toThrow(InvalidQueryError));
});

describe(parseSort.name, () => {
  it.each([
    ['title', [{ field: col('title'), order: 'ASC' }]],
    [
      '-date_created,title',
      [
        { field: col('date_created'), order: 'DESC' },
        { field: col('title'), order: 'ASC' },
      ],
    ],
    [['-author.name'], [{ field: rel('author', col('name')), order: 'DESC' }]],
    ['-children.item:circles.radius', [{ field: rel('children', rel('item:circles', col('radius'))), order: 'DESC' }]],
    ['?', 'random'],
    [
      '-json(metadata, dimensions.width),id',
      [
        {
          field: json('metadata', 'dimensions.width', ['dimensions', 'width'], 'metadata_dimensions_width_json'),
          order: 'DESC',
        },
        { field: col('id'), order: 'ASC' },
      ],
    ],
    [
      'year(date),-count(comments)',
      [
        { field: fn('year', 'date'), order: 'ASC' },
        { field: fn('count', 'comments'), order: 'DESC' },
      ],
    ],
    ['-country_id.year(date)', [{ field: rel('country_id', fn('year', 'date')), order: 'DESC' }]],
    [
      'children.item:circles.month(at)',
      [{ field: rel('children', rel('item:circles', fn('month', 'at'))), order: 'ASC' }],
    ],
    ['-year(country_id.date)', [{ field: rel('country_id', fn('year', 'date')), order: 'DESC' }]],
    ['json(author.profile, a)', [{ field: json('author.profile', 'a', ['a'], 'author_profile_a_json'), order: 'ASC' }]],
  ])('parses %j', (raw, expected) => expect(parseSort(raw)).toEqual(expected));
  it.each([
    ['--a'],
    ['a b'],
    [5],
    ['a:'],
    ['a::b'],
    [':a'],
    ['json(metadata, $.x)'],
    ['year(date).id'],
    ['year()'],
    ['year(a)(b)'],
    ['year(date'],
  ])('rejects %j', (raw) => expect(() => parseSort(raw)).toThrow(InvalidQueryError));
});

describe(parseFilter.name, () => {
  it.each([
    ['{"title":{"_eq":"x"}}', { title: { _eq: 'x' } }],
    [{ title: { _eq: 'x' } }, { title: { _eq: 'x' } }],
    [{ id: { _in: '1,2' } }, { id: { _in: ['1', '2'] } }],
    [
      { _and: { 0: { a: { _eq: '1' } }, 1: { b: { _null: 'true' } } } },
      { _and: [{ a: { _eq: '1' } }, { b: { _null: 'true' } }] },
    ],
    [{ author: { name: { _contains: 'x' } } }, { author: { name: { _contains: 'x' } } }],
    [{ comments: { _some: { text: { _eq: 'x' } } } }, { comments: { _some: { text: { _eq: 'x' } } } }],
    [{ n: { _between: [1, 5] } }, { n: { _between: [1, 5] } }],
  ])('parses %j', (raw, expected) => expect(parseFilter(raw)).toEqual(expected));
  it.each([
    ['{bad json'],
    ['[1]'],
    [{ title: { _like: 'x' } }],
    [{ title: 'x' }],
    [{ title: { _in: [] } }],
    [{ title: { _eq: '' } }],
    [{ title: { _eq: { a: 1 } } }],
    [{ title: { _in: ['a', { x: 1 }] } }],
    [{ title: { _nin: [null, { a: 1 }] } }],
    [{ title: { _between: [{ a: 1 }, 2] } }],
    [{ title: { _nbetween: [1, [2]] } }],
    [{ _or: 'x' }],
    ['{"__proto__":{"z":{"_eq":1}}}'],
    [{ title: { constructor: { prototype: { _eq: 1 } } } }],
    [{ _and: [{ prototype: { _eq: 1 } }] }],
  ])('rejects %j', (raw) => expect(() => parseFilter(raw)).toThrow(InvalidQueryError));
});

describe(parseLimit.name, () => {
  it.each([
    [undefined, {}, 100],
    ['25', {}, 25],
    ['-1', {}, -1],
    ['-1', { limitMax: 50 }, 50],
    [undefined, { limitMax: 50 }, 50],
    ['0', {}, 0],
  ])('parses %j with %j', (raw, options, expected) =>
    expect(parseLimit(raw, { limitDefault: 100, ...options })).toBe(expected),
  );
  it.each([
    ['abc', {}],
    ['-2', {}],
    ['51', { limitMax: 50 }],
    ['1.5', {}],
  ])('rejects %j with %j', (raw, options) =>
    expect(() => parseLimit(raw, { limitDefault: 100, ...options })).toThrow(InvalidQueryError),
  );
});

describe(parseMeta.name, () => {
  it.each([
    ['total_count', ['total_count']],
    ['total_count,filter_count', ['total_count', 'filter_count']],
    ['*', ['total_count', 'filter_count']],
  ])('parses %j', (raw, expected) => expect(parseMeta(raw)).toEqual(expected));
  it('rejects unknown keys', () => expect(() => parseMeta('count')).toThrow(InvalidQueryError));
});

describe(parseQuery.name, () => {
  it.each([
    [{}, { limit: 100 }],
    [{ limit: '5' }, { limit: 5, fields: ['*'] }],
    [
      { fields: 'a,b', offset: '10', page: '2' },
      { fields: ['a', 'b'], limit: 100, offset: 10, page: 2 },
    ],
    [
      { aggregate: { count: '*' }, groupBy: 'status' },
      { aggregate: { count: ['*'] }, groupBy: [col('status')], limit: 100, fields: ['*'] },
    ],
    [{ aggregate: '{"sum":"price,tax"}' }, { aggregate: { sum: ['price', 'tax'] }, limit: 100, fields: ['*'] }],
    [
      {
        deep: { comments: { _limit: '2', _sort: '-id', _filter: { text: { _eq: 'x' } }, author: { _fields: 'name' } } },
      },
      {
        deep: {
          comments: {
            limit: 2,
            sort: [{ field: col('id'), order: 'DESC' }],
            filter: { text: { _eq: 'x' } },
            deep: { author: { fields: [col('name')] } },
          },
        },
        limit: 100,
        fields: ['*'],
      },
    ],
    [
      {
        alias: { first: 'title' },
        backlink: 'false',
        version: 'draft',
        versionRaw: 'true',
        export: 'csv',
        search: 'hi',
      },
      {
        alias: { first: col('title') },
        backlink: false,
        version: 'draft',
        versionRaw: true,
        export: 'csv',
        search: 'hi',
        limit: 100,
        fields: ['*'],
      },
    ],
    [
      { fields: 'c', alias: '{"c":"json(meta, a.b)"}', sort: '-c,constructor' },
      {
        fields: ['c'],
        alias: { c: json('meta', 'a.b', ['a', 'b'], 'meta_a_b_json') },
        sort: [
          { field: json('meta', 'a.b', ['a', 'b'], 'meta_a_b_json'), order: 'DESC' },
          { field: col('constructor'), order: 'ASC' },
        ],
        limit: 100,
      },
    ],
  ])('parses %j', (raw, expected) => expect(parseQuery(raw, limits)).toEqual(expected));
  it.each([
    [{ offset: '-1' }],
    [{ page: '0' }],
    [{ aggregate: { median: 'x' } }],
    [{ export: 'pdf' }],
    [{ deep: { comments: { _bogus: 1 } } }],
    [{ backlink: 'maybe' }],
    [{ alias: { a: 'b.c' } }],
    [{ alias: { a: 'json(b.c)' } }],
    [{ search: ['a', 'b'] }],
    [{ groupBy: '' }],
    [{ aggregate: { count: '' } }],
    [{ aggregate: {} }],
    [{ alias: '{"__proto__":"title"}' }],
    [{ alias: { prototype: 'title' } }],
    [{ deep: { author: { constructor: { prototype: { _limit: 1 } } } } }],
    [{ deep: '{"__proto__":{"_limit":1}}' }],
  ])('rejects %j', (raw) => expect(() => parseQuery(raw, limits)).toThrow(InvalidQueryError));
});
