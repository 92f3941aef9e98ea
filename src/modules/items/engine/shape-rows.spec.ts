import type { CollectionOverview } from '../../schema/schema.types';
import type { ReadNode } from './read-plan';
import { aggregateItem, groupBy, queryWindow, revisionRow, rowFromDb, selectedColumns, shapeItem } from './shape-rows';
import { fakeOverview } from '../../schema/testing/fake-overview';

const overview = fakeOverview();
const articles = overview.collection('articles')!;
const secret = (special: string[]): CollectionOverview => ({
  ...articles,
  fields: { ...articles.fields, title: { ...articles.fields.title, special } },
});
const node: ReadNode = {
  collection: 'articles',
  columns: [
    { key: 'title', field: 'title' },
    { key: 'headline', field: 'title' },
  ],
  functions: [{ key: 'at_year', fn: 'year', field: 'at' }],
  relations: [
    {
      key: 'author',
      link: overview.relation('articles', 'author')!,
      keysOnly: false,
      node: { collection: 'authors', columns: [], functions: [], relations: [] },
    },
  ],
};

describe(selectedColumns.name, () => {
  it.each<[string[], string[]]>([
    [[], ['id', 'title', 'author']],
    [['views'], ['id', 'views', 'title', 'author']],
  ])('with extra %j selects %j', (extra, columns) => expect(selectedColumns(articles, node, extra)).toEqual(columns));
});

describe(rowFromDb.name, () => {
  it('converts values to API forms', () =>
    expect(rowFromDb(articles, node, ['id', 'published'], { id: '3', published: 1, at_year: '2024' })).toEqual({
      id: 3,
      published: true,
      at_year: 2024,
    }));
});

describe(shapeItem.name, () => {
  it.each<[string, CollectionOverview, unknown, unknown]>([
    ['plain', articles, 'Hi', 'Hi'],
    ['concealed', secret(['conceal']), 'Hi', '**********'],
    ['hashed', secret(['hash']), 'Hi', '**********'],
    ['null secret', secret(['conceal']), null, null],
  ])('%s', (_, collection, value, shown) =>
    expect(shapeItem(collection, node, { title: value, at_year: 2024 }, { author: null })).toEqual({
      title: shown,
      headline: shown,
      at_year: 2024,
      author: null,
    }),
  );
});

describe(queryWindow.name, () => {
  it.each<[{ limit?: number; offset?: number; page?: number }, number, { limit: number | null; offset: number }]>([
    [{}, 100, { limit: 100, offset: 0 }],
    [{ limit: -1 }, 100, { limit: null, offset: 0 }],
    [{ limit: 10, page: 3 }, 100, { limit: 10, offset: 20 }],
    [{ limit: 10, page: 3, offset: 5 }, 100, { limit: 10, offset: 5 }],
    [{ page: 2 }, -1, { limit: null, offset: 0 }],
  ])('%j with default %s', (query, limit, window) => expect(queryWindow(query, limit)).toEqual(window));
});

describe(groupBy.name, () => {
  it('groups across calls', () => {
    const groups = groupBy([{ a: 1 }, { a: 2 }], [{ x: 'one' }, { x: 'two' }], 'a');
    groupBy([{ a: '1' }], [{ x: 'three' }], 'a', groups);
    expect(Object.fromEntries(groups)).toEqual({ 1: [{ x: 'one' }, { x: 'three' }], 2: [{ x: 'two' }] });
  });
});

describe(aggregateItem.name, () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{ count__all: '4' }, { count: 4 }],
    [
      { count__all: '4', sum__views: null, published: 0 },
      { count: 4, sum: { views: null }, published: false },
    ],
  ])('%j', (row, item) =>
    expect(
      aggregateItem(row, 'published' in row ? [{ key: 'published', sql: '', type: 'boolean' }] : [], [
        { fn: 'count', field: '*', alias: 'count__all' },
        ...('sum__views' in row ? [{ fn: 'sum', field: 'views', alias: 'sum__views' }] : []),
      ]),
    ).toEqual(item),
  );
});

describe(revisionRow.name, () => {
  const field = (name: string, special: string[]) => ({ ...articles.fields.title, field: name, special });
  it.each<[string[], unknown]>([
    [[], 'x'],
    [['conceal'], '**********'],
    [['hash'], '**********'],
    [['conceal', 'hash'], '**********'],
  ])('%j keeps %j', (special, kept) => expect(revisionRow([field('t', special)], { t: 'x' })).toEqual({ t: kept }));
});
