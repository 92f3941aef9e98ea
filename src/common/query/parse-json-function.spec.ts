import { InvalidQueryError } from '../errors/errors';
import { parseJsonFunction, parseJsonPath, splitOutside } from './parse-json-function';

describe(parseJsonPath.name, () => {
  it.each([
    ['color', ['color']],
    ['settings.theme', ['settings', 'theme']],
    ['items[0].name', ['items', 0, 'name']],
    ['[0]', [0]],
    ['[0][12]', [0, 12]],
    ['matrix[1][2].x', ['matrix', 1, 2, 'x']],
    ['données.prénom', ['données', 'prénom']],
    ['a.b.c.d.e.f.g.h.i.j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']],
  ])('parses %j', (text, expected) => expect(parseJsonPath(text)).toEqual(expected));

  it.each([
    'items[]',
    '[]',
    'items[*]',
    'items.*',
    '*',
    '$.name',
    '$',
    '@.name',
    'name$value',
    'a..b',
    '.a',
    'a.',
    'items[-1]',
    "name') OR 1=1--",
    "color' OR '1'='1",
    'a"b',
    'a\\b',
    'items name',
    'items\nOR',
    'color--',
    'color/*',
    'color#',
    'items; DROP TABLE users',
    '[0]a',
    'a[0]b',
    '[1234567890]',
    'a.b.c.d.e.f.g.h.i.j.k',
    'a[0].b[1].c[2].d[3].e[4].f[5]',
    '',
  ])('refuses %j', (text) => expect(() => parseJsonPath(text)).toThrow(InvalidQueryError));
});

describe(parseJsonFunction.name, () => {
  it.each([
    ['json(metadata, color)', { field: 'metadata', path: ['color'], pathText: 'color', key: 'metadata_color_json' }],
    [
      'json(metadata,dimensions.width)',
      {
        field: 'metadata',
        path: ['dimensions', 'width'],
        pathText: 'dimensions.width',
        key: 'metadata_dimensions_width_json',
      },
    ],
    [
      'json(data, items[0].name)',
      { field: 'data', path: ['items', 0, 'name'], pathText: 'items[0].name', key: 'data_items_0_name_json' },
    ],
    ['json(data, tags[1])', { field: 'data', path: ['tags', 1], pathText: 'tags[1]', key: 'data_tags_1_json' }],
    ['json(data, [0])', { field: 'data', path: [0], pathText: '[0]', key: 'data_0_json' }],
    [
      'json( author.profile ,  theme )',
      { field: 'author.profile', path: ['theme'], pathText: 'theme', key: 'author_profile_theme_json' },
    ],
    [
      'json(children.item:circles.metadata, color)',
      {
        field: 'children.item:circles.metadata',
        path: ['color'],
        pathText: 'color',
        key: 'children_item:circles_metadata_color_json',
      },
    ],
  ])('parses %j', (entry, expected) => expect(parseJsonFunction(entry)).toEqual(expected));

  it.each(['title', 'year(date)', 'jsonish'])('leaves %j alone', (entry) =>
    expect(parseJsonFunction(entry)).toBeNull(),
  );

  it.each([
    'json(metadata)',
    'json(metadata, color',
    'json(, color)',
    'json(metadata,)',
    'json(meta data, color)',
    "json(m'x, color)",
    'json(metadata, a b)',
    'json(item:, color)',
    'json(a:b:c, color)',
    'json(:a, color)',
  ])('refuses %j', (entry) => expect(() => parseJsonFunction(entry)).toThrow(InvalidQueryError));
});

describe(splitOutside.name, () => {
  it.each([
    ['a.b.c', '.', ['a', 'b', 'c']],
    ['author.json(meta, a.b[0])', '.', ['author', 'json(meta, a.b[0])']],
    ['id,json(meta, color),title', ',', ['id', 'json(meta, color)', 'title']],
  ] as const)('splits %j on %j', (text, separator, expected) =>
    expect(splitOutside(text, separator)).toEqual(expected),
  );
});
