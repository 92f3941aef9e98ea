import {
  aggregate,
  compareContentVersion,
  createCollection,
  createContentVersion,
  createField,
  createItem,
  createItems,
  createRelation,
  deleteItem,
  deleteItems,
  promoteContentVersion,
  readActivities,
  readItem,
  readItems,
  readRevisions,
  saveToContentVersion,
  updateItem,
  updateItems,
  updateItemsBatch,
  updateRelation,
  utilitySort,
  withSearch,
} from '@directus/sdk';
import { AdminClient, emptyOk, sdkError, useSdkApp } from '../helpers/sdk-compat';
import { uniq } from '../helpers/uniq';

/** The SDK building a schema, then writing, querying and versioning its items. */
describe("@directus/sdk (the reference platform's own client) against Vellum: schema, items and queries", () => {
  const sdk = useSdkApp();
  const prefix = uniq('sdk');
  const authors = `${prefix}_authors`;
  const articles = `${prefix}_articles`;
  const comments = `${prefix}_comments`;
  let admin: AdminClient;
  let ada: number;
  let grace: number;

  beforeAll(async () => {
    admin = await sdk.adminClient();
    await admin.request(
      createCollection({
        collection: authors,
        meta: { note: 'People' },
        schema: {},
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'name', type: 'string' },
        ],
      }),
    );
    await admin.request(
      createCollection({ collection: articles, meta: { sort_field: 'sort', versioning: true }, schema: {} }),
    );
    for (const field of [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'views', type: 'integer', schema: { default_value: 0 } },
      { field: 'status', type: 'string', schema: { default_value: 'draft' } },
      { field: 'sort', type: 'integer' },
      { field: 'author', type: 'integer', meta: { special: ['m2o'] } },
    ]) {
      await admin.request(createField(articles, field));
    }
    await admin.request(
      createRelation({
        collection: articles,
        field: 'author',
        related_collection: authors,
        meta: { one_field: 'articles' },
        schema: { on_delete: 'SET NULL' },
      }),
    );
    await admin.request(
      createCollection({
        collection: comments,
        schema: {},
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'text', type: 'string' },
          { field: 'article', type: 'integer' },
        ],
      }),
    );
    await admin.request(
      createRelation({
        collection: comments,
        field: 'article',
        related_collection: articles,
        meta: { one_field: 'comments' },
      }),
    );

    const people = await admin.request(createItems(authors, [{ name: 'Ada' }, { name: 'Grace' }]));
    [ada, grace] = people.map((p) => p.id as number);
  });

  it('updateRelation with only a schema change keeps the meta (it was a 500)', async () => {
    const relation = await admin.request(updateRelation(comments, 'article', { schema: { on_delete: 'CASCADE' } }));
    expect(relation).toEqual(
      expect.objectContaining({
        meta: expect.objectContaining({ one_field: 'comments' }),
        schema: expect.objectContaining({ on_delete: 'CASCADE' }),
      }),
    );
  });

  it('creates items one and many, nested relational values included', async () => {
    const one = await admin.request(
      createItem(articles, {
        title: 'Alpha',
        views: 10,
        status: 'published',
        author: ada,
        comments: [{ text: 'first!' }, { text: 'second' }],
      }),
    );
    expect(one).toEqual(expect.objectContaining({ id: expect.any(Number), title: 'Alpha', author: ada }));
    const many = await admin.request(
      createItems(
        articles,
        [
          { title: 'Beta', views: 20, status: 'published', author: grace },
          { title: 'Gamma', views: 30, status: 'draft', author: ada },
          { title: 'Delta', views: 40, status: 'draft', author: null },
        ],
        { fields: ['id', 'title'] },
      ),
    );
    expect(many).toEqual([
      { id: expect.any(Number), title: 'Beta' },
      { id: expect.any(Number), title: 'Gamma' },
      { id: expect.any(Number), title: 'Delta' },
    ]);
  });

  it('readItems: nested fields, _and/_or with relational paths, sort, limit, offset, page', async () => {
    const rows = await admin.request(
      readItems(articles, {
        fields: ['title', { author: ['name'] }, { comments: ['text'] }],
        filter: {
          _and: [
            { _or: [{ author: { name: { _eq: 'Ada' } } }, { views: { _gte: 20 } }] },
            { title: { _neq: 'Delta' } },
          ],
        },
        sort: ['-views'],
        limit: 2,
        offset: 1,
      }),
    );
    expect(rows).toEqual([
      { title: 'Beta', author: { name: 'Grace' }, comments: [] },
      {
        title: 'Alpha',
        author: { name: 'Ada' },
        comments: expect.arrayContaining([{ text: 'first!' }, { text: 'second' }]),
      },
    ]);
    const page2 = await admin.request(readItems(articles, { fields: ['title'], sort: ['views'], limit: 2, page: 2 }));
    expect(page2).toEqual([{ title: 'Gamma' }, { title: 'Delta' }]);
  });

  it('readItems: search, meta, deep, alias', async () => {
    expect(
      await admin.request(readItems(articles, { fields: ['title'], search: 'amm', meta: 'total_count' } as never)),
    ).toEqual([{ title: 'Gamma' }]);
    const deep = await admin.request(
      readItems(articles, {
        fields: ['title', 'comments.text'],
        filter: { title: { _eq: 'Alpha' } },
        deep: { comments: { _sort: ['-text'], _limit: 1 } },
      }),
    );
    expect(deep).toEqual([{ title: 'Alpha', comments: [{ text: 'second' }] }]);
    const aliased = await admin.request(
      readItems(articles, {
        fields: ['title', 'firstComment.text'],
        alias: { firstComment: 'comments' },
        filter: { title: { _eq: 'Alpha' } },
        deep: { firstComment: { _sort: ['text'], _limit: 1 } },
      }),
    );
    expect(aliased).toEqual([{ title: 'Alpha', firstComment: [{ text: 'first!' }] }]);
  });

  it('readItems: operators, o2m filters, functions, relational sort, backlink, withSearch', async () => {
    const titles = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.title);
    expect(
      titles(
        await admin.request(
          readItems(articles, { fields: ['title'], filter: { views: { _in: [10, 30] } }, sort: ['title'] }),
        ),
      ),
    ).toEqual(['Alpha', 'Gamma']);
    expect(
      titles(
        await admin.request(
          readItems(articles, { fields: ['title'], filter: { views: { _between: [15, 35] } }, sort: ['views'] }),
        ),
      ),
    ).toEqual(['Beta', 'Gamma']);
    expect(
      titles(await admin.request(readItems(articles, { fields: ['title'], filter: { author: { _null: true } } }))),
    ).toEqual(['Delta']);
    expect(
      titles(
        await admin.request(
          readItems(articles, { fields: ['title'], filter: { comments: { _some: { text: { _eq: 'first!' } } } } }),
        ),
      ),
    ).toEqual(['Alpha']);
    expect(
      titles(
        await admin.request(
          readItems(articles, {
            fields: ['title'],
            filter: { comments: { _none: { text: { _eq: 'first!' } } } },
            sort: ['title'],
          }),
        ),
      ),
    ).toEqual(['Beta', 'Delta', 'Gamma']);
    expect(
      titles(await admin.request(readItems(articles, { fields: ['title'], filter: { title: { _icontains: 'ALP' } } }))),
    ).toEqual(['Alpha']);
    expect(
      titles(
        await admin.request(
          readItems(articles, {
            fields: ['title'],
            filter: { author: { _nnull: true } },
            sort: ['author.name', '-views'],
          }),
        ),
      ),
    ).toEqual(['Gamma', 'Alpha', 'Beta']);

    const counted = await admin.request(
      readItems(articles, { fields: ['title', 'count(comments)'], filter: { title: { _eq: 'Alpha' } } }),
    );
    expect(counted).toEqual([{ title: 'Alpha', comments_count: 2 }]);
    const [withAuthor] = await admin.request(
      readItems(authors, { fields: ['*', 'articles.*'], backlink: false, filter: { name: { _eq: 'Grace' } } }),
    );
    expect(withAuthor.articles).toEqual([expect.objectContaining({ title: 'Beta', author: grace })]);

    const searched = await admin.request(
      withSearch(
        readItems(articles, {
          fields: ['title', { author: ['name'] }],
          filter: { author: { name: { _eq: 'Ada' } } },
          sort: ['title'],
        }),
      ),
    );
    expect(searched).toEqual([
      { title: 'Alpha', author: { name: 'Ada' } },
      { title: 'Gamma', author: { name: 'Ada' } },
    ]);
  });

  it('aggregate and groupBy, through readItems and the aggregate command', async () => {
    const grouped = await admin.request(
      readItems(articles, { aggregate: { count: '*', sum: 'views' }, groupBy: ['status'], sort: ['status'] } as never),
    );
    expect(grouped).toEqual(
      [
        { status: 'draft', count: 2, sum: { views: 70 } },
        { status: 'published', count: 2, sum: { views: 30 } },
      ].map((row) => expect.objectContaining({ status: row.status, count: expect.anything() })),
    );
    const total = await admin.request(aggregate(articles, { aggregate: { count: '*' } }));
    expect(Number((total as Array<{ count: unknown }>)[0].count)).toBe(4);
    const byStatus = await admin.request(
      aggregate(articles, {
        aggregate: { max: 'views' },
        groupBy: ['status'],
        query: { filter: { status: { _eq: 'draft' } } },
      }),
    );
    expect(byStatus).toEqual([{ status: 'draft', max: { views: 40 } }]);
  });

  it('readItem, updateItem, updateItems by keys and by query, updateItemsBatch', async () => {
    const [alpha] = await admin.request(readItems(articles, { fields: ['id'], filter: { title: { _eq: 'Alpha' } } }));
    expect(await admin.request(readItem(articles, alpha.id, { fields: ['title', 'author.name'] }))).toEqual({
      title: 'Alpha',
      author: { name: 'Ada' },
    });
    expect(await admin.request(updateItem(articles, alpha.id, { body: 'text' }, { fields: ['body'] }))).toEqual({
      body: 'text',
    });

    const drafts = await admin.request(readItems(articles, { fields: ['id'], filter: { status: { _eq: 'draft' } } }));
    const keys = drafts.map((d) => d.id as number);
    const byKeys = await admin.request(updateItems(articles, keys, { body: 'draft body' }, { fields: ['body'] }));
    expect(byKeys).toEqual([{ body: 'draft body' }, { body: 'draft body' }]);
    const byQuery = await admin.request(
      updateItems(
        articles,
        { filter: { status: { _eq: 'published' } } },
        { body: 'live' },
        { fields: ['title', 'body'], sort: ['title'] },
      ),
    );
    expect(byQuery).toEqual(
      expect.arrayContaining([
        { title: 'Alpha', body: 'live' },
        { title: 'Beta', body: 'live' },
      ]),
    );
    const batch = await admin.request(
      updateItemsBatch(
        articles,
        keys.map((id) => ({ id, views: 1 })),
        { fields: ['views'] },
      ),
    );
    expect(batch).toEqual([{ views: 1 }, { views: 1 }]);
  });

  it('utilitySort moves an item to the place of another', async () => {
    const ordered = await admin.request(readItems(articles, { fields: ['id'], sort: ['id'] }));
    expect(emptyOk(await admin.request(utilitySort(articles, ordered[3].id, ordered[0].id)))).toEqual({
      status: 200,
      length: '0',
    });
    const after = await admin.request(readItems(articles, { fields: ['id'], sort: ['sort'] }));
    expect(after[0].id).toBe(ordered[3].id);
  });

  it('deleteItem, deleteItems by keys and by query', async () => {
    const extra = await admin.request(
      createItems(articles, [{ title: 'Tmp1' }, { title: 'Tmp2' }, { title: 'Tmp3' }, { title: 'Tmp4' }], {
        fields: ['id'],
      }),
    );
    expect(await admin.request(deleteItem(articles, extra[0].id))).toBeNull();
    expect(await admin.request(deleteItems(articles, [extra[1].id, extra[2].id]))).toBeNull();
    expect(await admin.request(deleteItems(articles, { filter: { title: { _starts_with: 'Tmp' } } }))).toBeNull();
    expect(await admin.request(readItems(articles, { filter: { title: { _starts_with: 'Tmp' } } }))).toEqual([]);
  });

  it('content versions: create, save, compare, promote', async () => {
    const [beta] = await admin.request(readItems(articles, { fields: ['id'], filter: { title: { _eq: 'Beta' } } }));
    const version = await admin.request(
      createContentVersion({ key: 'rewrite', name: 'Rewrite', collection: articles, item: String(beta.id) }),
    );
    expect(version).toEqual(
      expect.objectContaining({ id: expect.any(String), key: 'rewrite', collection: articles, item: String(beta.id) }),
    );
    const saved = await admin.request(saveToContentVersion(version.id, { title: 'Beta v2' }));
    expect(saved).toEqual(expect.objectContaining({ title: 'Beta v2' }));
    const through = await admin.request(readItem(articles, beta.id, { fields: ['title'], version: 'rewrite' }));
    expect(through).toEqual({
      title: 'Beta v2',
      $meta: { version_id: version.id },
    });
    const compared = await admin.request(compareContentVersion(version.id));
    expect(compared).toEqual({
      outdated: false,
      mainHash: expect.any(String),
      current: expect.objectContaining({ title: 'Beta v2' }),
      main: expect.objectContaining({ title: 'Beta' }),
    });
    expect(String(await admin.request(promoteContentVersion(version.id, compared.mainHash)))).toBe(String(beta.id));
    expect((await admin.request(readItem(articles, beta.id, { fields: ['title'] }))).title).toBe('Beta v2');
    const e = await sdkError(admin.request(promoteContentVersion(version.id, compared.mainHash)));
    expect(e.status).toBe(422);
  });

  it('activity and revisions of those writes', async () => {
    const activity = await admin.request(
      readActivities({
        filter: { collection: { _eq: articles }, action: { _eq: 'create' } },
        fields: ['action', 'item'],
      }),
    );
    expect(activity.length).toBeGreaterThanOrEqual(4);
    const revisions = await admin.request(
      readRevisions({ filter: { collection: { _eq: articles } }, fields: ['item', 'delta'], limit: 1 }),
    );
    expect(revisions).toEqual([{ item: expect.any(String), delta: expect.any(Object) }]);
  });
});
