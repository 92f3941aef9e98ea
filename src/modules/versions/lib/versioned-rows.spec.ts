import {
  CreatedKeys,
  hideCreatedKeys,
  RowSchema,
  VersionedRowsInput,
  VersionMeta,
  versionedRows,
} from './versioned-rows';

/** articles: author → authors (m2o), links (o2m of links), sections (o2m of a junction whose `item` is a many-to-any). */
const schema: RowSchema = {
  primary: () => 'id',
  link: (collection, field, row) => {
    const links: Record<string, { type: 'm2o' | 'o2m'; related: string }> = {
      'articles.author': { type: 'm2o', related: 'authors' },
      'articles.links': { type: 'o2m', related: 'links' },
      'articles.sections': { type: 'o2m', related: 'sections' },
    };
    if (collection === 'sections' && field === 'item')
      return typeof row.collection === 'string' ? { type: 'm2o', related: row.collection } : null;
    return links[`${collection}.${field}`] ?? null;
  },
};

const created: CreatedKeys = new Map([
  ['articles', new Set(['9'])],
  ['authors', new Set(['5'])],
  ['links', new Set(['3'])],
  ['sections', new Set(['7'])],
  ['texts', new Set(['2'])],
]);

describe(hideCreatedKeys.name, () => {
  it.each([
    ['nulls the row own key', { id: 9, title: 'x' }, { id: null, title: 'x' }],
    ['keeps an existing row key', { id: 1, title: 'x' }, { id: 1, title: 'x' }],
    ['nulls a new many-to-one key', { author: 5 }, { author: null }],
    ['keeps a many-to-one key that exists', { author: 4 }, { author: 4 }],
    ['nulls the key in a many-to-one object', { author: { id: 5, name: 'n' } }, { author: { id: null, name: 'n' } }],
    ['nulls new one-to-many keys', { links: [1, 3] }, { links: [1, null] }],
    [
      'nulls the keys of new one-to-many rows',
      {
        links: [
          { id: 3, link: 'c' },
          { id: 2, link: 'b' },
        ],
      },
      {
        links: [
          { id: null, link: 'c' },
          { id: 2, link: 'b' },
        ],
      },
    ],
    [
      'nulls a new many-to-any item of the collection its row names',
      { sections: [{ id: 7, collection: 'texts', item: { id: 2, text: 't' } }] },
      { sections: [{ id: null, collection: 'texts', item: { id: null, text: 't' } }] },
    ],
    [
      'nulls a new many-to-any key of the collection its row names',
      { sections: [{ id: 1, collection: 'texts', item: '2' }] },
      { sections: [{ id: 1, collection: 'texts', item: null }] },
    ],
    [
      'keeps a many-to-any key whose collection the row does not name',
      { sections: [{ id: 1, item: '2' }] },
      { sections: [{ id: 1, item: '2' }] },
    ],
    ['keeps keys equal to new keys of other collections', { id: 5, author: 9 }, { id: 5, author: 9 }],
    ['keeps plain values equal to new keys', { title: 9, views: '5' }, { title: 9, views: '5' }],
    ['keeps null relations', { author: null, links: null }, { author: null, links: null }],
  ])('%s', (_label, row, expected) => expect(hideCreatedKeys(row, 'articles', schema, created)).toEqual(expected));

  it('answers the row itself when nothing was created', () => {
    const row = { id: 9 };
    expect(hideCreatedKeys(row, 'articles', schema, new Map())).toBe(row);
  });
});

describe(versionedRows.name, () => {
  const meta = (id: string, error = false): VersionMeta => ({
    version_id: id,
    delta: { title: id },
    ...(error ? { error: { message: 'failed', extensions: { code: 'FAILED_VALIDATION' } } } : {}),
  });
  const input = (over: Partial<VersionedRowsInput>): VersionedRowsInput => ({
    rows: [],
    primary: 'id',
    meta: new Map(),
    failedDrafts: [],
    failedValues: new Map(),
    plainFields: ['id', 'title', 'views'],
    limit: null,
    hide: (row) => row,
    ...over,
  });

  it.each([
    [
      'a versioned row gets its $meta',
      input({ rows: [{ id: 1, title: 'v' }], meta: new Map([['1', meta('a')]]) }),
      [{ id: 1, title: 'v', $meta: meta('a') }],
    ],
    [
      'a row without a version is left as it is',
      input({ rows: [{ id: 2, title: 'm' }], meta: new Map([['1', meta('a')]]) }),
      [{ id: 2, title: 'm' }],
    ],
    [
      'a row whose version failed shows the version plain values over main',
      input({
        rows: [{ id: 1, title: 'main', views: 3 }],
        meta: new Map([['1', meta('a', true)]]),
        failedValues: new Map([['1', { title: null, author: 4 }]]),
      }),
      [{ id: 1, title: null, views: 3, $meta: meta('a', true) }],
    ],
    [
      'a failed draft follows the rows, its values over nulls',
      input({
        rows: [{ id: 1, title: 'x', views: 1 }],
        failedDrafts: [{ meta: meta('d', true), values: { views: 8, author: 'abc' } }],
      }),
      [
        { id: 1, title: 'x', views: 1 },
        { id: null, title: null, views: 8, $meta: meta('d', true) },
      ],
    ],
    [
      'failed drafts stop where the page is full',
      input({
        rows: [{ id: 1 }],
        limit: 2,
        failedDrafts: [
          { meta: meta('d', true), values: {} },
          { meta: meta('e', true), values: {} },
        ],
      }),
      [{ id: 1 }, { id: null, title: null, views: null, $meta: meta('d', true) }],
    ],
    [
      'only the plain fields asked for are filled in',
      input({ plainFields: ['views'], failedDrafts: [{ meta: meta('d', true), values: { title: 't', views: 2 } }] }),
      [{ views: 2, $meta: meta('d', true) }],
    ],
  ])('%s', (_label, given, expected) => expect(versionedRows(given)).toEqual(expected));

  it('matches $meta before hiding version-only keys', () => {
    const rows = versionedRows(
      input({
        rows: [{ id: 9, title: 'new' }],
        meta: new Map([['9', meta('d')]]),
        hide: (row) => ({ ...row, id: null }),
      }),
    );
    expect(rows).toEqual([{ id: null, title: 'new', $meta: meta('d') }]);
  });
});
