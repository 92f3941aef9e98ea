import { deepJson, Prng } from './fuzz-values';

export const enc = encodeURIComponent;

/** Path parameter values that name nothing, name what callers may not touch, or break the router. */
export const JUNK_PATH = [
  'nope',
  'svc_users',
  'svc_sessions',
  'svc_activity',
  'svc_settings',
  'svc_migrations',
  'directus_users',
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C3%BC%F0%9F%98%80',
  'ü',
  'x'.repeat(3000),
  '-1',
  '0',
  '1.5',
  '1e999',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '%5Bobject%20Object%5D',
  '__proto__',
  'constructor',
  'prototype',
  '*',
  '%27%20OR%20%271%27%3D%271',
  '%22%3B%20DROP%20TABLE%20svc_users%3B',
  'a.b',
  'a%2Fb',
  '%20',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-fffffffffffff',
];

/** Query values: broken JSON, wrong shapes, unknown operators, extremes, unicode, SQL-ish text. */
export const JUNK_QUERY_VALUES = [
  '{"a":',
  '[1,2',
  '{}',
  '[]',
  'null',
  '123',
  '"x"',
  '-1',
  '-2',
  '0',
  '1e309',
  '99999999999999999999',
  'NaN',
  '0x10',
  '1.5',
  '-0',
  'Infinity',
  'ünïcødé 😀',
  '\u0000',
  "' OR 1=1 --",
  'title;DROP TABLE svc_users',
  '*',
  '**',
  '*.*.*.*.*.*.*.*.*.*.*.*',
  'count(*)',
  'json(extra, $.a)',
  'year(day)',
  'count(tags)',
  'author.name',
  'author.articles.author.articles.author.articles.author.articles.author.articles.author.articles.author',
  'tags.tag_id.label',
  'cover.uploaded_by.role.name',
  '-',
  '?',
  ',',
  ',,',
  '-title,?',
  'sum',
  'total_count,nope',
  'exe',
  '__proto__',
  'constructor',
  '$NOW(+1000000 years)',
  '{"title":{"_nope":1}}',
  '{"_and":{}}',
  '{"_or":[1,2]}',
  '{"_and":[{"_or":[{"title":{"_eq":[]}}]}]}',
  '{"title":{"_in":"x"}}',
  '{"title":{"_in":[]}}',
  '{"title":{"_between":[1]}}',
  '{"author":{"name":{"_eq":{"x":1}}}}',
  '{"tags":{"_some":{"tag_id":{"label":{"_eq":"x"}}}}}',
  '{"tags":{"_none":1}}',
  '{"views":{"_gt":"abc"}}',
  '{"views":{"_gt":1e400}}',
  '{"day":{"_lt":"not a date"}}',
  '{"starts":{"_between":["x","y"]}}',
  '{"extra":{"_contains":{}}}',
  '{"id":{"_eq":"not-a-uuid"}}',
  '{"title":{"_regex":"("}}',
  '{"title":{"_eq":"$CURRENT_USER.role.name.x.y"}}',
  '{"title":{"_eq":"$CURRENT_ROLE.nope"}}',
  '{"count":["*"],"sum":["title"]}',
  '{"avg":["body"],"countDistinct":"x","nope":["id"]}',
  '{"count":{"a":1}}',
  '{"articles":{"_filter":{"x":1},"_limit":-5,"_sort":"?"}}',
  '{"tags":{"_fields":["*.*.*"],"_deep":{"x":{}},"_offset":-1,"_page":0}}',
  '{"alias":"author.name"}',
  '{"a":"b","b":"a"}',
  '{"x":"*"}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  deepJson(300, '{"_and":[', '{}', ']}').text,
  deepJson(1500, '[', '1', ']').text,
  deepJson(200, '{"author":', '{"_eq":1}', '}').text,
  'x'.repeat(4000),
];

export const QUERY_PARAMS = [
  'filter',
  'deep',
  'aggregate',
  'groupBy',
  'sort',
  'fields',
  'limit',
  'offset',
  'page',
  'meta',
  'search',
  'export',
  'alias',
  'version',
  'versionRaw',
  'backlink',
];
export const ASSET_PARAMS = [
  'key',
  'width',
  'height',
  'fit',
  'quality',
  'format',
  'withoutEnlargement',
  'transforms',
  'download',
];
export const RANGES = [
  'bytes=abc',
  'bytes=10-5',
  'bytes=-0',
  'bytes=0-999999999999',
  'bytes=1-2,3-4',
  'items=0-1',
  'bytes=99999999-',
  'bytes=--1',
  'bytes=0-0,-1',
  'bytes=18446744073709551616-',
  'bytes=',
  'bytes=-99999999999999999999',
];

/** One query parameter broken in one way: junk value, wrong shape, deep brackets, pollution keys or bad percent-encoding. */
export function junkQuery(rng: Prng, name: string): string {
  switch (rng.int(8)) {
    case 0:
    case 1:
    case 2:
      return `${name}=${enc(rng.pick(JUNK_QUERY_VALUES))}`;
    case 3:
      return rng.pick([
        `${name}[]=a&${name}[]=b`,
        `${name}[0][x]=1`,
        `${name}[a]=1`,
        `${name}[]=`,
        `${name}=a&${name}=b`,
        `${name}`,
        `${name}=`,
      ]);
    case 4:
      return `${name}${rng.pick(['[title]', '[author][name]', '[tags][tag_id][label]', '[_and][0][title]', '[nope]', '[id]'])}${rng.pick(['[_eq]', '[_nope]', '[_in][]', '[_between][0]', '[_some]', '[_null]', ''])}=${enc(rng.pick(JUNK_QUERY_VALUES.filter((v) => v.length < 200)))}`;
    case 5:
      return `${name}[a][b][c][d][e][f][g][h][i][j][k][l][m]=1`;
    case 6:
      return rng.pick([
        `${name}[__proto__][polluted]=yes`,
        `${name}[constructor][prototype][polluted]=yes`,
        `__proto__[polluted]=yes`,
        `constructor[prototype][polluted]=yes`,
      ]);
    default:
      return `${name}=${rng.pick(['%FF', '%', '%E0%A4%A', '%00', '%C0%AF', 'a%20b+c', '%2B%2B'])}`;
  }
}
