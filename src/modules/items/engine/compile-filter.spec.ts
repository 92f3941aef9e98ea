import { InvalidQueryError } from '../../../common/errors/errors';
import type { Filter } from '../../../common/query/query.types';
import { dialectFor } from '../../../database/dialects/dialect-for';
import { compileFilter, SqlContext } from './compile-filter';
import { fakeOverview } from '../../schema/testing/fake-overview';

function compile(
  filter: Filter,
  vendor = 'postgres',
  collection = 'articles',
  relatedFilter?: SqlContext['relatedFilter'],
): { sql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  let n = 0;
  let a = 0;
  const ctx: SqlContext = {
    overview: fakeOverview(),
    dialect: dialectFor(vendor),
    quote: (id) => `"${id}"`,
    param: (value) => {
      const name = `p${n++}`;
      params[name] = value;
      return name;
    },
    alias: () => `r${a++}`,
    relatedFilter,
  };
  return { sql: compileFilter(ctx, collection, 't', filter), params };
}

describe(compileFilter.name, () => {
  it.each<[string, Filter, string, Record<string, unknown>]>([
    ['_eq', { title: { _eq: 'x' } }, '"t"."title" = :p0', { p0: 'x' }],
    ['_eq null', { title: { _eq: null } }, '"t"."title" IS NULL', {}],
    ['_eq "null" string', { title: { _eq: 'null' } }, '"t"."title" IS NULL', {}],
    ['_neq', { views: { _neq: '3' } }, '"t"."views" <> :p0', { p0: 3 }],
    ['_ieq', { title: { _ieq: 'X' } }, 'LOWER("t"."title") = LOWER(:p0)', { p0: 'X' }],
    ['_nieq', { title: { _nieq: 'X' } }, 'LOWER("t"."title") <> LOWER(:p0)', { p0: 'X' }],
    ['_lt', { views: { _lt: 5 } }, '"t"."views" < :p0', { p0: 5 }],
    ['_lte', { views: { _lte: '5' } }, '"t"."views" <= :p0', { p0: 5 }],
    ['_gt', { views: { _gt: 5 } }, '"t"."views" > :p0', { p0: 5 }],
    ['_gte', { views: { _gte: 5 } }, '"t"."views" >= :p0', { p0: 5 }],
    ['_gte on a timestamp', { at: { _gte: '2024-01-01' } }, '"t"."at" >= :p0', { p0: '2024-01-01T00:00:00.000Z' }],
    ['_in', { views: { _in: ['1', '2'] } }, '"t"."views" IN (:...p0)', { p0: [1, 2] }],
    ['_nin', { title: { _nin: ['a'] } }, '"t"."title" NOT IN (:...p0)', { p0: ['a'] }],
    ['_null', { title: { _null: true } }, '"t"."title" IS NULL', {}],
    ['_null false', { title: { _null: 'false' } }, '"t"."title" IS NOT NULL', {}],
    ['_nnull', { title: { _nnull: true } }, '"t"."title" IS NOT NULL', {}],
    ['_empty', { title: { _empty: true } }, '("t"."title" IS NULL OR "t"."title" = \'\')', {}],
    ['_nempty', { title: { _nempty: true } }, 'NOT ("t"."title" IS NULL OR "t"."title" = \'\')', {}],
    ['_contains', { title: { _contains: 'a%b' } }, '"t"."title" LIKE :p0', { p0: '%a\\%b%' }],
    ['_ncontains', { title: { _ncontains: 'a' } }, 'NOT ("t"."title" LIKE :p0)', { p0: '%a%' }],
    ['_icontains', { title: { _icontains: 'a' } }, '"t"."title" ILIKE :p0', { p0: '%a%' }],
    ['_nicontains', { title: { _nicontains: 'a' } }, 'NOT ("t"."title" ILIKE :p0)', { p0: '%a%' }],
    ['_starts_with', { title: { _starts_with: 'a' } }, '"t"."title" LIKE :p0', { p0: 'a%' }],
    ['_nstarts_with', { title: { _nstarts_with: 'a' } }, 'NOT ("t"."title" LIKE :p0)', { p0: 'a%' }],
    ['_istarts_with', { title: { _istarts_with: 'a' } }, '"t"."title" ILIKE :p0', { p0: 'a%' }],
    ['_nistarts_with', { title: { _nistarts_with: 'a' } }, 'NOT ("t"."title" ILIKE :p0)', { p0: 'a%' }],
    ['_ends_with', { title: { _ends_with: 'a' } }, '"t"."title" LIKE :p0', { p0: '%a' }],
    ['_nends_with', { title: { _nends_with: 'a' } }, 'NOT ("t"."title" LIKE :p0)', { p0: '%a' }],
    ['_iends_with', { title: { _iends_with: 'a' } }, '"t"."title" ILIKE :p0', { p0: '%a' }],
    ['_niends_with', { title: { _niends_with: 'a' } }, 'NOT ("t"."title" ILIKE :p0)', { p0: '%a' }],
    ['_between', { views: { _between: ['1', '9'] } }, '"t"."views" BETWEEN :p0 AND :p1', { p0: 1, p1: 9 }],
    ['_nbetween', { views: { _nbetween: [1, 9] } }, '"t"."views" NOT BETWEEN :p0 AND :p1', { p0: 1, p1: 9 }],
    ['_between with one value is ignored', { views: { _between: [1] } }, '', {}],
    ['boolean', { published: { _eq: 'true' } }, '"t"."published" = :p0', { p0: true }],
    ['two operators', { views: { _gt: 1, _lt: 9 } }, '("t"."views" > :p0 AND "t"."views" < :p1)', { p0: 1, p1: 9 }],
    [
      '_and/_or',
      { _or: [{ title: { _eq: 'a' } }, { _and: [{ views: { _gt: 1 } }, { views: { _lt: 3 } }] }] },
      '("t"."title" = :p0 OR ("t"."views" > :p1 AND "t"."views" < :p2))',
      { p0: 'a', p1: 1, p2: 3 },
    ],
    [
      'many-to-one path',
      { author: { name: { _eq: 'Ann' } } },
      '"t"."author" IN (SELECT "r0"."id" FROM "authors" "r0" WHERE "r0"."name" = :p0)',
      { p0: 'Ann' },
    ],
    [
      'date function',
      { 'year(at)': { _eq: '2024' } },
      'CAST(EXTRACT(YEAR FROM "t"."at") AS INTEGER) = :p0',
      { p0: 2024 },
    ],
    [
      'count function',
      { 'count(comments)': { _gt: 1 } },
      '(SELECT COUNT(*) FROM "comments" "r0" WHERE "r0"."article" = "t"."id") > :p0',
      { p0: 1 },
    ],
    ['operator on a many-to-one key', { author: { _null: true } }, '"t"."author" IS NULL', {}],
    [
      'one-to-many path (_some)',
      { comments: { text: { _contains: 'x' } } },
      '"t"."id" IN (SELECT "r0"."article" FROM "comments" "r0" WHERE "r0"."article" IS NOT NULL AND "r0"."text" LIKE :p0)',
      { p0: '%x%' },
    ],
    [
      '_none',
      { comments: { _none: { text: { _eq: 'x' } } } },
      '"t"."id" NOT IN (SELECT "r0"."article" FROM "comments" "r0" WHERE "r0"."article" IS NOT NULL AND "r0"."text" = :p0)',
      { p0: 'x' },
    ],
  ])('%s', (_label, filter, sql, params) => expect(compile(filter)).toEqual({ sql, params }));

  it.each([
    ['mysql', '`x`', { title: { _contains: 'A' } }, '"t"."title" LIKE BINARY :p0', '%A%'],
    ['sqlite', '', { title: { _contains: 'A*' } }, '"t"."title" GLOB :p0', '*A[*]*'],
    ['sqlite', '', { title: { _icontains: 'A' } }, '"t"."title" LIKE :p0', '%A%'],
  ])('%s case rules', (vendor, _q, filter, sql, pattern) =>
    expect(compile(filter as Filter, vendor)).toEqual({ sql, params: { p0: pattern } }),
  );

  describe("lists longer than one IN list (a batch's keys)", () => {
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    it.each<[string, string, unknown]>([
      ['postgres', '"t"."views" = ANY(:p0)', many],
      ['sqlite', '"t"."views" IN (SELECT value FROM json_each(:p0))', JSON.stringify(many)],
      ['mysql', '"t"."views" IN (:...p0)', many],
    ])('%s binds them as one value: %s', (vendor, sql, bound) => {
      expect(compile({ views: { _in: many } }, vendor)).toEqual({ sql, params: { p0: bound } });
      expect(compile({ views: { _nin: many } }, vendor)).toEqual({ sql: `NOT (${sql})`, params: { p0: bound } });
    });

    it.each(['postgres', 'sqlite', 'mysql'])('%s keeps 500 values in an IN list', (vendor) => {
      expect(compile({ views: { _in: many.slice(0, 500) } }, vendor)).toEqual({
        sql: '"t"."views" IN (:...p0)',
        params: { p0: many.slice(0, 500) },
      });
    });
  });

  it.each<[Filter]>([
    [{ nope: { _eq: 1 } }],
    [{ views: { _eq: 'abc' } }],
    [{ views: { _contains: '1' } }],
    [{ title: { name: { _eq: 'x' } } }],
    [{ comments: { _null: true } }],
    [{ 'year(title)': { _eq: 1 } }],
    [{ 'count(title)': { _eq: 1 } }],
    [{ 'median(views)': { _eq: 1 } }],
    [{ views: { _gt: Infinity } }],
    [{ views: { _lt: '-1e400' } }],
    [{ views: { _in: [1, Number.MAX_SAFE_INTEGER + 1] } }],
    [{ views: { _between: [0, Infinity] } }],
    [{ at: { _lt: '$NOW(soon)' } }],
    [{ at: { _in: ['2024-01-01', 'tomorrow'] } }],
  ])('refuses %j', (filter) => expect(() => compile(filter)).toThrow(InvalidQueryError));

  describe('_json', () => {
    const sqlitePath = '$."a"[0]."b"';
    it.each<[string, string, Record<string, unknown>]>([
      ['postgres', '(CAST("t"."meta" AS jsonb) #>> CAST(:p0 AS text[])) = :p1', { p0: ['a', '0', 'b'], p1: 'x' }],
      [
        'sqlite',
        `CASE WHEN json_valid("t"."meta") THEN CASE json_type("t"."meta", :p0) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(json_extract("t"."meta", :p1) AS TEXT) END END = :p2`,
        { p0: sqlitePath, p1: sqlitePath, p2: 'x' },
      ],
      [
        'mysql',
        `CASE WHEN JSON_TYPE(CASE WHEN JSON_VALID("t"."meta") THEN JSON_EXTRACT("t"."meta", :p0) END) <> 'NULL' THEN CONVERT(JSON_UNQUOTE(CASE WHEN JSON_VALID("t"."meta") THEN JSON_EXTRACT("t"."meta", :p1) END) USING utf8mb4) END = :p2`,
        { p0: sqlitePath, p1: sqlitePath, p2: 'x' },
      ],
    ])('%s: the value at a path as text, the path bound', (vendor, sql, params) => {
      expect(compile({ meta: { _json: { 'a[0].b': { _eq: 'x' } } } }, vendor)).toEqual({ sql, params });
    });

    it.each<[string, Filter, string, Record<string, unknown>]>([
      [
        'a number compares JSON numbers',
        { meta: { _json: { n: { _gt: 2 } } } },
        `CASE WHEN jsonb_typeof((CAST("t"."meta" AS jsonb) #> CAST(:p0 AS text[]))) = 'number' THEN CAST((CAST("t"."meta" AS jsonb) #> CAST(:p0 AS text[])) AS numeric) END > :p1`,
        { p0: ['n'], p1: 2 },
      ],
      [
        'a list of numbers too',
        { meta: { _json: { n: { _in: [1, 2] } } } },
        `CASE WHEN jsonb_typeof((CAST("t"."meta" AS jsonb) #> CAST(:p0 AS text[]))) = 'number' THEN CAST((CAST("t"."meta" AS jsonb) #> CAST(:p0 AS text[])) AS numeric) END IN (:...p1)`,
        { p0: ['n'], p1: [1, 2] },
      ],
      [
        'a boolean as its text',
        { meta: { _json: { ok: { _eq: true } } } },
        '(CAST("t"."meta" AS jsonb) #>> CAST(:p0 AS text[])) = :p1',
        { p0: ['ok'], p1: 'true' },
      ],
      [
        'negated matches leave out missing values',
        { meta: { _json: { s: { _ncontains: 'x' } } } },
        'NOT ((CAST("t"."meta" AS jsonb) #>> CAST(:p0 AS text[])) LIKE :p1)',
        { p0: ['s'], p1: '%x%' },
      ],
      [
        '_or of paths beside a path',
        { meta: { _json: { a: { _null: true }, _or: [{ b: { _eq: 'x' } }, { c: { _eq: 'y' } }] } } },
        '((CAST("t"."meta" AS jsonb) #>> CAST(:p0 AS text[])) IS NULL AND ((CAST("t"."meta" AS jsonb) #>> CAST(:p1 AS text[])) = :p2 OR (CAST("t"."meta" AS jsonb) #>> CAST(:p3 AS text[])) = :p4))',
        { p0: ['a'], p1: ['b'], p2: 'x', p3: ['c'], p4: 'y' },
      ],
      ['an empty _json is no condition', { meta: { _json: {} } }, '', {}],
    ])('%s', (_label, filter, sql, params) => expect(compile(filter)).toEqual({ sql, params }));

    it.each<[Filter]>([
      [{ title: { _json: { a: { _eq: 1 } } } }],
      [{ meta: { _json: { 'a[*]': { _eq: 1 } } } }],
      [{ meta: { _json: 'a' } }],
    ])('refuses %j', (filter) => expect(() => compile(filter)).toThrow(InvalidQueryError));
  });

  describe('many-to-any', () => {
    it('matches junction rows of the collection whose key is one of the matching items, as text', () => {
      expect(compile({ 'item:circles': { radius: { _gt: 5 } } }, 'postgres', 'shapes_children')).toEqual({
        sql: '("t"."collection" = :p1 AND "t"."item" IN (SELECT CAST("r0"."id" AS TEXT) FROM "circles" "r0" WHERE "r0"."radius" > :p0))',
        params: { p0: 5, p1: 'circles' },
      });
    });
    it('reaches through the one-to-many to the junction', () => {
      expect(compile({ children: { _none: { 'item:squares': { width: { _eq: 2 } } } } }, 'mysql', 'shapes').sql).toBe(
        '"t"."id" NOT IN (SELECT "r0"."shapes_id" FROM "shapes_children" "r0" WHERE "r0"."shapes_id" IS NOT NULL AND ("r0"."collection" = :p1 AND "r0"."item" IN (SELECT CAST("r1"."id" AS CHAR) FROM "squares" "r1" WHERE "r1"."width" = :p0)))',
      );
    });
    it.each<[Filter]>([
      [{ 'item:authors': { name: { _eq: 'x' } } }],
      [{ 'item:circles': { _eq: '1' } }],
      [{ 'item:circles': 'x' }],
      [{ 'shapes_id:shapes': { name: { _eq: 'x' } } }],
    ])('refuses %j', (filter) =>
      expect(() => compile(filter, 'postgres', 'shapes_children')).toThrow(InvalidQueryError),
    );
  });

  describe('row filters of related collections', () => {
    it('applies a row filter that leads back to its own collection once, not without end', () => {
      const rules: Record<string, Filter> = {
        articles: { comments: { text: { _eq: 'x' } } },
        comments: { article: { title: { _eq: 'y' } } },
      };
      const { sql } = compile(rules.articles, 'postgres', 'articles', (collection) => rules[collection] ?? null);
      expect(sql).toBe(
        '"t"."id" IN (SELECT "r0"."article" FROM "comments" "r0" WHERE "r0"."article" IS NOT NULL AND "r0"."text" = :p0 AND "r0"."article" IN (SELECT "r1"."id" FROM "articles" "r1" WHERE "r1"."title" = :p1 AND "r1"."id" IN (SELECT "r2"."article" FROM "comments" "r2" WHERE "r2"."article" IS NOT NULL AND "r2"."text" = :p2)))',
      );
    });
  });
});
