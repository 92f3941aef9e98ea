import {
  createCollection,
  createField,
  createItems,
  createRelation,
  deleteCollection,
  readCollection,
  readFiles,
  readItems,
  readSingleton,
  schemaApply,
  schemaDiff,
  schemaSnapshot,
  updateSingleton,
  utilsExport,
  utilsImport,
} from '@directus/sdk';
import { AdminClient, emptyOk, useSdkApp } from '../helpers/sdk-compat';
import { uniq } from '../helpers/uniq';
import { until } from '../helpers/until';

/** The SDK building a schema, then reading it, a singleton, importing and exporting, and syncing the schema. */
describe("@directus/sdk (the reference platform's own client) against Vellum: singletons, import and export, schema sync", () => {
  const sdk = useSdkApp();
  const prefix = uniq('sdk');
  const authors = `${prefix}_authors`;
  const articles = `${prefix}_articles`;
  const comments = `${prefix}_comments`;
  const home = `${prefix}_home`;
  let admin: AdminClient;

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

    await admin.request(createItems(authors, [{ name: 'Ada' }, { name: 'Grace' }]));
  });

  it('reads the schema it created', async () => {
    expect(await admin.request(readCollection(articles))).toEqual(
      expect.objectContaining({ collection: articles, meta: expect.objectContaining({ versioning: true }) }),
    );
  });

  it('readSingleton and updateSingleton', async () => {
    await admin.request(
      createCollection({
        collection: home,
        meta: { singleton: true },
        schema: {},
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'headline', type: 'string' },
        ],
      }),
    );
    expect(await admin.request(updateSingleton(home, { headline: 'Welcome' }, { fields: ['headline'] }))).toEqual({
      headline: 'Welcome',
    });
    expect(await admin.request(readSingleton(home, { fields: ['headline'] }))).toEqual({ headline: 'Welcome' });
  });

  it('utilsImport and utilsExport', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([JSON.stringify([{ name: 'Imported One' }, { name: 'Imported Two' }])], { type: 'application/json' }),
      'authors.json',
    );
    expect(emptyOk(await admin.request(utilsImport(authors, form)))).toEqual({ status: 200, length: '0' });
    expect(
      await admin.request(
        readItems(authors, { filter: { name: { _starts_with: 'Imported' } }, fields: ['name'], sort: ['name'] }),
      ),
    ).toEqual([{ name: 'Imported One' }, { name: 'Imported Two' }]);

    expect(
      await admin.request(
        utilsExport(authors, 'json', { fields: ['name'], sort: ['name'] }, { title: `${prefix} export` }),
      ),
    ).toBeNull();
    let files: Array<Record<string, unknown>> = [];
    await until(
      async () =>
        (files = await admin.request(readFiles({ filter: { title: { _eq: `${prefix} export` } }, fields: ['id'] })))
          .length > 0,
      'the export file stored',
      5_000,
    );
    expect(files).toHaveLength(1);
    // readAssetRaw cannot serve here: the SDK parses an application/json asset and then reads `.body` of the parsed value.
    const asset = await fetch(`${sdk.url}/assets/${String(files[0].id)}?access_token=${await admin.getToken()}`);
    expect(asset.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await asset.json()).toEqual(expect.arrayContaining([{ name: 'Ada' }, { name: 'Imported One' }]));
  });

  it('schemaSnapshot, schemaDiff and schemaApply bring back a dropped collection', async () => {
    const extra = `${prefix}_extra`;
    await admin.request(
      createCollection({
        collection: extra,
        schema: {},
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'label', type: 'string' },
        ],
      }),
    );
    const snapshot = await admin.request(schemaSnapshot());
    expect(snapshot).toEqual(
      expect.objectContaining({
        version: 1,
        collections: expect.arrayContaining([expect.objectContaining({ collection: extra })]),
      }),
    );
    expect(await admin.request(schemaDiff(snapshot))).toBeNull();

    await admin.request(deleteCollection(extra));
    const diff = await admin.request(schemaDiff(snapshot, { force: true }));
    expect(diff).toEqual({
      hash: expect.any(String),
      diff: expect.objectContaining({ collections: [expect.objectContaining({ collection: extra })] }),
    });
    expect(await admin.request(schemaApply(diff))).toBeNull();
    expect(await admin.request(readCollection(extra))).toEqual(expect.objectContaining({ collection: extra }));
  });
});
