import { InvalidQueryError } from '../../../common/errors/errors';
import { parseFieldRef } from '../../../common/query/field-ref';
import { dialectFor } from '../../../database/dialects/dialect-for';
import {
  afterSql,
  compileCount,
  compileDelete,
  compileInsert,
  compileLock,
  compileLookup,
  compileSelect,
  compileSortKeys,
  compileSortShift,
  compileSortStats,
  compileUpdate,
  inSql,
  ReadConditions,
  SelectSpec,
  whereSql,
} from './compile-sql';
import type { ReadNode } from './read-plan';
import { fakeOverview } from '../../schema/testing/fake-overview';
import { context, quoted, Vendor, VENDORS } from './testing/sql-test-context';

const articles = fakeOverview().collection('articles')!;
const node = (functions: ReadNode['functions'] = []): ReadNode => ({
  collection: 'articles',
  columns: [],
  functions,
  relations: [],
});

describe(compileSelect.name, () => {
  const select = (vendor: Vendor, spec: SelectSpec, functions?: ReadNode['functions']) => {
    const { ctx } = context(vendor);
    return compileSelect(ctx, node(functions), ['id', 'title'], spec);
  };
  const head = 'SELECT "t"."id" AS "id", "t"."title" AS "title" FROM "articles" "t"';

  it.each<[Vendor, SelectSpec, string]>([
    ['postgres', { where: [], limit: 10, offset: 20 }, `${head} ORDER BY "t"."id" ASC LIMIT 10 OFFSET 20`],
    ['mysql', { where: [], limit: 10, offset: 20 }, `${head} ORDER BY "t"."id" ASC LIMIT 10 OFFSET 20`],
    ['sqlite', { where: [], limit: 10, offset: 20 }, `${head} ORDER BY "t"."id" ASC LIMIT 10 OFFSET 20`],
    ['postgres', { where: ['1=1'], limit: null, offset: 5 }, `${head} WHERE 1=1 ORDER BY "t"."id" ASC OFFSET 5`],
    [
      'mysql',
      { where: ['1=1'], limit: null, offset: 5 },
      `${head} WHERE 1=1 ORDER BY "t"."id" ASC LIMIT 18446744073709551615 OFFSET 5`,
    ],
    ['sqlite', { where: ['1=1'], limit: null, offset: 5 }, `${head} WHERE 1=1 ORDER BY "t"."id" ASC LIMIT -1 OFFSET 5`],
    ['postgres', { where: [], sort: 'random', limit: null, offset: 0 }, `${head} ORDER BY RANDOM()`],
    ['mysql', { where: [], sort: 'random', limit: null, offset: 0 }, `${head} ORDER BY RAND()`],
    ['sqlite', { where: [], sort: 'random', limit: null, offset: 0 }, `${head} ORDER BY RANDOM()`],
    [
      'postgres',
      {
        where: [],
        sort: [
          { field: parseFieldRef('author.name'), order: 'DESC' },
          { field: parseFieldRef('title'), order: 'ASC' },
        ],
        limit: 1,
        offset: 0,
      },
      `${head} ORDER BY (SELECT "r0"."name" FROM "authors" "r0" WHERE "r0"."id" = "t"."author" AND "r0"."name" <> :p0) DESC, "t"."title" ASC LIMIT 1`,
    ],
    [
      'sqlite',
      { where: [], sort: [{ field: parseFieldRef('comments.text'), order: 'DESC' }], limit: null, offset: 0 },
      `${head} ORDER BY (SELECT MAX("r0"."text") FROM "comments" "r0" WHERE "r0"."article" = "t"."id") DESC`,
    ],
    [
      'mysql',
      { where: [], sort: [{ field: parseFieldRef('author.name'), order: 'DESC' }], limit: 1, offset: 0 },
      `${head} ORDER BY (SELECT "r0"."name" FROM "authors" "r0" WHERE "r0"."id" = "t"."author" AND "r0"."name" <> :p0) DESC LIMIT 1`,
    ],
    [
      'postgres',
      {
        where: [],
        sort: [
          { field: parseFieldRef('year(at)'), order: 'DESC' },
          { field: parseFieldRef('count(comments)'), order: 'ASC' },
        ],
        limit: null,
        offset: 0,
      },
      `${head} ORDER BY CAST(EXTRACT(YEAR FROM "t"."at") AS INTEGER) DESC, (SELECT COUNT(*) FROM "comments" "r0" WHERE "r0"."article" = "t"."id") ASC`,
    ],
    [
      'sqlite',
      {
        where: [],
        sort: [{ field: parseFieldRef('comments.article.year(at)'), order: 'ASC' }],
        limit: null,
        offset: 0,
      },
      `${head} ORDER BY (SELECT MIN((SELECT CAST(strftime('%Y', "r1"."at") AS INTEGER) FROM "articles" "r1" WHERE "r1"."id" = "r0"."article")) FROM "comments" "r0" WHERE "r0"."article" = "t"."id") ASC`,
    ],
  ])('%s: %j', (vendor, spec, sql) => expect(select(vendor, spec)).toBe(quoted(vendor, sql)));

  it.each(['year(title)', 'nope(at)', 'count(author)', 'author.year(nope)'])('refuses the sort function %s', (field) =>
    expect(() =>
      select('sqlite', { where: [], sort: [{ field: parseFieldRef(field), order: 'ASC' }], limit: null, offset: 0 }),
    ).toThrow(InvalidQueryError),
  );

  it.each<[Vendor, string]>([
    ['postgres', 'CAST(EXTRACT(YEAR FROM "t"."at") AS INTEGER)'],
    ['mysql', 'YEAR("t"."at")'],
    ['sqlite', `CAST(strftime('%Y', "t"."at") AS INTEGER)`],
  ])('%s: functions through the dialect', (vendor, expression) =>
    expect(select(vendor, { where: [], limit: null, offset: 0 }, [{ key: 'at_year', fn: 'year', field: 'at' }])).toBe(
      quoted(
        vendor,
        `SELECT "t"."id" AS "id", "t"."title" AS "title", ${expression} AS "at_year" FROM "articles" "t" ORDER BY "t"."id" ASC`,
      ),
    ),
  );

  it('sorts through a many-to-any item of one collection, its key compared as text', () => {
    const { ctx, params } = context('mysql');
    const shapes: ReadNode = { collection: 'shapes', columns: [], functions: [], relations: [] };
    const sql = compileSelect(ctx, shapes, ['id'], {
      where: [],
      sort: [{ field: parseFieldRef('children.item:circles.radius'), order: 'ASC' }],
      limit: null,
      offset: 0,
    });
    expect(sql).toBe(
      quoted(
        'mysql',
        'SELECT "t"."id" AS "id" FROM "shapes" "t" ORDER BY (SELECT MIN((SELECT "r1"."radius" FROM "circles" "r1" WHERE CAST("r1"."id" AS CHAR) = "r0"."item" AND "r0"."collection" = :p0)) FROM "shapes_children" "r0" WHERE "r0"."shapes_id" = "t"."id") ASC',
      ),
    );
    expect(params).toEqual({ p0: 'circles' });
  });

  const json = (vendor: Vendor, spec: Omit<SelectSpec, 'limit' | 'offset'>, functions: ReadNode['functions'] = []) => {
    const { ctx, params } = context(vendor);
    return { sql: compileSelect(ctx, node(functions), ['id'], { ...spec, limit: null, offset: 0 }), params };
  };
  const byPath = [{ key: 'meta_a_0_json', fn: 'json', field: 'meta', path: ['a', 0] }];

  it.each<[Vendor, string, unknown]>([
    ['postgres', 'CAST((CAST("t"."meta" AS jsonb) #> CAST(:p0 AS text[])) AS text)', ['a', '0']],
    ['mysql', 'CASE WHEN JSON_VALID("t"."meta") THEN CAST(JSON_EXTRACT("t"."meta", :p0) AS CHAR) END', '$."a"[0]'],
    ['sqlite', 'CASE WHEN json_valid("t"."meta") THEN "t"."meta" -> :p0 END', '$."a"[0]'],
  ])('%s: json() answers JSON text, its path bound', (vendor, expression, path) =>
    expect(json(vendor, { where: [] }, byPath)).toEqual({
      sql: quoted(
        vendor,
        `SELECT "t"."id" AS "id", ${expression} AS "meta_a_0_json" FROM "articles" "t" ORDER BY "t"."id" ASC`,
      ),
      params: { p0: path },
    }),
  );

  it.each<[Vendor, string, number]>([
    ['postgres', '(CAST("t"."meta" AS jsonb) #> CAST(:p0 AS text[])) DESC', 1],
    [
      'mysql',
      `CASE WHEN JSON_TYPE(CASE WHEN JSON_VALID("t"."meta") THEN JSON_EXTRACT("t"."meta", :p0) END) IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL') ` +
        `THEN CAST(JSON_UNQUOTE(CASE WHEN JSON_VALID("t"."meta") THEN JSON_EXTRACT("t"."meta", :p1) END) AS DOUBLE) END DESC, ` +
        `JSON_UNQUOTE(CASE WHEN JSON_VALID("t"."meta") THEN JSON_EXTRACT("t"."meta", :p2) END) DESC`,
      3,
    ],
    ['sqlite', 'CASE WHEN json_valid("t"."meta") THEN json_extract("t"."meta", :p0) END DESC', 1],
  ])('%s: sorts on json() by value', (vendor, order, bound) => {
    const { sql, params } = json(vendor, {
      where: [],
      sort: [{ field: parseFieldRef('json(meta, x.y)'), order: 'DESC' }],
    });
    expect(sql).toBe(quoted(vendor, `SELECT "t"."id" AS "id" FROM "articles" "t" ORDER BY ${order}`));
    expect(Object.keys(params)).toHaveLength(bound);
  });

  it.each(['json(title, x)', 'json(nope, x)'])('refuses %s, which names no JSON field', (field) => {
    expect(() => json('sqlite', { where: [], sort: [{ field: parseFieldRef(field), order: 'ASC' }] })).toThrow(
      InvalidQueryError,
    );
    expect(() =>
      json('sqlite', { where: [] }, [{ key: 'k', fn: 'json', field: field.slice(5, -4), path: ['x'] }]),
    ).toThrow(InvalidQueryError);
  });

  it('refuses a sort path through a field that is no many-to-one', () =>
    expect(() =>
      select('postgres', {
        where: [],
        sort: [{ field: parseFieldRef('title.x'), order: 'ASC' }],
        limit: null,
        offset: 0,
      }),
    ).toThrow(InvalidQueryError));
});

describe(whereSql.name, () => {
  const all: ReadConditions = { permission: null, readable: '*' };
  it.each<[Vendor, ReadConditions, string[], Record<string, unknown>]>([
    ['postgres', all, [], {}],
    ['postgres', { ...all, permission: {} }, ['1=1'], {}],
    [
      'postgres',
      { ...all, permission: { views: { _gt: 1 } }, filter: { title: { _eq: 'x' } } },
      ['"t"."views" > :p0', '"t"."title" = :p1'],
      { p0: 1, p1: 'x' },
    ],
    ['postgres', { ...all, search: 'abc' }, ['("t"."title" ILIKE :p0)'], { p0: '%abc%' }],
    ['mysql', { ...all, search: 'abc' }, ['("t"."title" LIKE :p0)'], { p0: '%abc%' }],
    ['sqlite', { ...all, search: 'abc' }, ['("t"."title" LIKE :p0)'], { p0: '%abc%' }],
    [
      'postgres',
      { ...all, search: '42' },
      ['("t"."id" = :p0 OR "t"."title" ILIKE :p1 OR "t"."views" = :p2 OR "t"."author" = :p3)'],
      { p0: 42, p1: '%42%', p2: 42, p3: 42 },
    ],
    ['postgres', { ...all, search: '4.5', readable: new Set(['views']) }, ['1=0'], {}],
    ['postgres', { ...all, search: '' }, [], {}],
    [
      'postgres',
      { ...all, filter: { author: { name: { _eq: 'a' } } } },
      ['"t"."author" IN (SELECT "r0"."id" FROM "authors" "r0" WHERE "r0"."name" = :p0 AND "r0"."name" <> :p1)'],
      { p0: 'a', p1: 'hidden' },
    ],
  ])('%s: %j', (vendor, conditions, where, bound) => {
    const { ctx, params } = context(vendor);
    expect(whereSql(ctx, 'articles', 't', conditions)).toEqual(where.map((w) => quoted(vendor, w)));
    expect(params).toEqual(bound);
  });
});

describe('key conditions', () => {
  it.each<[Vendor, string]>([
    ['postgres', '"t"."id" IN (:...p0) AND "t"."id" < :p1'],
    ['mysql', '"t"."id" IN (:...p0) AND "t"."id" < :p1'],
  ])('%s', (vendor, sql) => {
    const { ctx, params } = context(vendor);
    expect(`${inSql(ctx, 'id', [1, 2])} AND ${afterSql(ctx, 'id', 'DESC', 9)}`).toBe(quoted(vendor, sql));
    expect(params).toEqual({ p0: [1, 2], p1: 9 });
  });
});

describe(compileCount.name, () => {
  it.each<[Vendor, string[], string]>([
    ['postgres', [], 'SELECT COUNT(*) AS "count" FROM "articles" "t"'],
    ['mysql', ['a', 'b'], 'SELECT COUNT(*) AS "count" FROM "articles" "t" WHERE a AND b'],
  ])('%s: %j', (vendor, where, sql) =>
    expect(compileCount(context(vendor).ctx, articles, where)).toBe(quoted(vendor, sql)),
  );
});

describe('write statements', () => {
  it.each<[Vendor, Record<string, unknown>, string]>([
    [
      'postgres',
      { title: 'a', views: 1 },
      'INSERT INTO "articles" ("title", "views") VALUES (:v0, :v1) RETURNING "id"',
    ],
    ['mysql', { title: 'a', views: 1 }, 'INSERT INTO "articles" ("title", "views") VALUES (:v0, :v1)'],
    ['mysql', {}, 'INSERT INTO "articles" () VALUES ()'],
    ['postgres', {}, 'INSERT INTO "articles" DEFAULT VALUES RETURNING "id"'],
  ])('%s inserts %j', (vendor, values, sql) => {
    const compiled = compileInsert(dialectFor(vendor), articles, values);
    expect(compiled.text).toBe(quoted(vendor, sql));
    expect(Object.values(compiled.params)).toEqual(Object.values(values));
  });

  it.each<[Vendor, string, string]>([
    [
      'postgres',
      'UPDATE "articles" SET "title" = :v0, "views" = :v1 WHERE "id" IN (:...keys)',
      'DELETE FROM "articles" WHERE "id" IN (:...keys)',
    ],
    [
      'mysql',
      'UPDATE "articles" SET "title" = :v0, "views" = :v1 WHERE "id" IN (:...keys)',
      'DELETE FROM "articles" WHERE "id" IN (:...keys)',
    ],
  ])('%s updates and deletes by keys', (vendor, update, del) => {
    const dialect = dialectFor(vendor);
    expect(compileUpdate(dialect, articles, { title: 'a', views: 2 }, [1, 2])).toEqual({
      text: quoted(vendor, update),
      params: { keys: [1, 2], v0: 'a', v1: 2 },
    });
    expect(compileDelete(dialect, articles, [3])).toEqual({ text: quoted(vendor, del), params: { keys: [3] } });
  });

  it.each<[Vendor, string]>([
    ['postgres', 'SELECT "id" AS "id" FROM "articles" LIMIT 1'],
    ['sqlite', 'SELECT "id" AS "id" FROM "articles" LIMIT 1'],
  ])('%s looks up a first row', (vendor, sql) =>
    expect(compileLookup(dialectFor(vendor), 'articles', ['id'], null, 1)).toEqual({
      text: quoted(vendor, sql),
      params: {},
    }),
  );

  it('looks up rows by the values of a column', () =>
    expect(compileLookup(dialectFor('mysql'), 'comments', ['id', 'text'], { column: 'article', values: [7] })).toEqual({
      text: 'SELECT `id` AS `id`, `text` AS `text` FROM `comments` WHERE `article` IN (:...values)',
      params: { values: [7] },
    }));
});

describe('sort statements', () => {
  it.each(VENDORS)('%s', (vendor) => {
    const dialect = dialectFor(vendor);
    const sql = (text: string) => quoted(vendor, text);
    expect(compileSortKeys(dialect, articles, 'views', 'unsorted').text).toBe(
      sql('SELECT "id" AS "key" FROM "articles" WHERE "views" IS NULL ORDER BY "id"'),
    );
    expect(compileSortKeys(dialect, articles, 'views', 'ordered').text).toBe(
      sql('SELECT "id" AS "key" FROM "articles" ORDER BY "views", "id"'),
    );
    expect(compileSortStats(dialect, articles, 'views', 'max').text).toBe(
      sql('SELECT MAX("views") AS "max" FROM "articles"'),
    );
    expect(compileSortStats(dialect, articles, 'views', 'counts').text).toBe(
      sql('SELECT COUNT(*) AS "total", COUNT(DISTINCT "views") AS "distinct" FROM "articles"'),
    );
    expect(compileSortShift(dialect, articles, 'views', { min: 2, max: 4, by: -1 }, 7)).toEqual({
      text: sql(
        'UPDATE "articles" SET "views" = "views" + :by WHERE "views" >= :min AND "views" <= :max AND "id" <> :item',
      ),
      params: { min: 2, max: 4, by: -1, item: 7 },
    });
    expect(compileLock(dialect, articles, 3)).toEqual({
      text: sql('UPDATE "articles" SET "id" = "id" WHERE "id" = :key'),
      params: { key: 3 },
    });
  });
});
