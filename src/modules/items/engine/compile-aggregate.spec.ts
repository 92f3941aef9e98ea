import { InvalidQueryError } from '../../../common/errors/errors';
import { parseFieldRef } from '../../../common/query/field-ref';
import type { Query } from '../../../common/query/query.types';
import { fakeOverview } from '../../schema/testing/fake-overview';
import { compileAggregate } from './compile-aggregate';
import { context, quoted, Vendor } from './testing/sql-test-context';

const articles = fakeOverview().collection('articles')!;

describe(compileAggregate.name, () => {
  const aggregate = (vendor: Vendor, query: Query) =>
    compileAggregate(context(vendor).ctx, articles, query, () => ['1=1'], { limit: 5, offset: 0 });

  it.each<[Vendor, Query, string]>([
    ['postgres', { aggregate: { count: ['*'] } }, 'SELECT COUNT(*) AS "count__all" FROM "articles" "t" WHERE 1=1'],
    [
      'mysql',
      {
        aggregate: { sum: ['views'], countDistinct: ['author'] },
        groupBy: ['published'].map(parseFieldRef),
        sort: [{ field: parseFieldRef('sum.views'), order: 'DESC' }],
      },
      'SELECT SUM("t"."views") AS "sum__views", COUNT(DISTINCT "t"."author") AS "countDistinct__author", "t"."published" AS "published" FROM "articles" "t" WHERE 1=1 GROUP BY "t"."published" ORDER BY "sum__views" DESC LIMIT 5',
    ],
    [
      'sqlite',
      { groupBy: ['year(at)'].map(parseFieldRef) },
      `SELECT CAST(strftime('%Y', "t"."at") AS INTEGER) AS "at_year" FROM "articles" "t" WHERE 1=1 GROUP BY CAST(strftime('%Y', "t"."at") AS INTEGER) LIMIT 5`,
    ],
    [
      'postgres',
      {
        aggregate: { count: ['*'] },
        groupBy: ['year(at)'].map(parseFieldRef),
        sort: [{ field: parseFieldRef('year(at)'), order: 'DESC' }],
      },
      'SELECT COUNT(*) AS "count__all", CAST(EXTRACT(YEAR FROM "t"."at") AS INTEGER) AS "at_year" FROM "articles" "t" WHERE 1=1 GROUP BY CAST(EXTRACT(YEAR FROM "t"."at") AS INTEGER) ORDER BY CAST(EXTRACT(YEAR FROM "t"."at") AS INTEGER) DESC LIMIT 5',
    ],
  ])('%s: %j', (vendor, query, sql) => expect(aggregate(vendor, query).text).toBe(quoted(vendor, sql)));

  it('refuses a sort on a function no group holds', () =>
    expect(() =>
      aggregate('sqlite', {
        aggregate: { count: ['*'] },
        groupBy: ['title'].map(parseFieldRef),
        sort: [{ field: parseFieldRef('year(at)'), order: 'ASC' }],
      }),
    ).toThrow(InvalidQueryError));

  it('names outputs and groups as reads answer them', () => {
    const { outputs, groups } = aggregate('postgres', {
      aggregate: { avg: ['views'] },
      groupBy: ['year(at)', 'title'].map(parseFieldRef),
    });
    expect(outputs).toEqual([{ fn: 'avg', field: 'views', alias: 'avg__views' }]);
    expect(groups.map((g) => [g.key, g.type])).toEqual([
      ['at_year', 'integer'],
      ['title', 'string'],
    ]);
  });

  it('needs something to select', () =>
    expect(() => aggregate('postgres', { groupBy: [].map(parseFieldRef) })).toThrow(InvalidQueryError));

  it('refuses a sort on json(), which no group holds', () =>
    expect(() =>
      aggregate('sqlite', {
        aggregate: { count: ['*'] },
        groupBy: ['title'].map(parseFieldRef),
        sort: [{ field: parseFieldRef('json(meta, x)'), order: 'ASC' }],
      }),
    ).toThrow(InvalidQueryError));
});
