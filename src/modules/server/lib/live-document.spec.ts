import type { OpenAPIObject } from '@nestjs/swagger';
import { fakeOverview } from '../../schema/testing/fake-overview';
import { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview } from '../../schema/schema.types';
import { LiveAccess, liveDocument } from './live-document';

const fake = fakeOverview();
const articles = fake.collection('articles')!;
const overview = new SchemaOverview(
  new Map<string, CollectionOverview>([
    ...fake.collections,
    ['svc_users', { ...articles, collection: 'svc_users', table: 'svc_users', system: true }],
    ['folder', { ...articles, collection: 'folder', table: null }],
  ]),
  fake.relations,
  1,
);

function access(readable: Record<string, '*' | string[]>, publicReads: string[] = []): LiveAccess {
  return {
    readable: (c) => (readable[c] === undefined ? null : readable[c] === '*' ? '*' : new Set(readable[c])),
    allowed: (c, action) => readable[c] !== undefined && (action === 'read' || c === 'articles'),
    publicAllowed: (c, action) => action === 'read' && publicReads.includes(c),
  };
}

const base = (): OpenAPIObject => ({
  openapi: '3.0.3',
  info: { title: 'Vellum', version: '1' },
  servers: [{ url: 'http://localhost:8055' }],
  tags: [{ name: 'Authentication' }, { name: 'Items' }, { name: 'Files' }],
  paths: {
    '/items/{collection}': { get: { operationId: 'readItems', responses: {} } },
    '/files': { post: { operationId: 'readItemFiles', responses: {} } },
  },
  components: {
    schemas: { ItemsComments: { type: 'object' } },
    parameters: { Fields: { name: 'fields', in: 'query', description: 'base' } },
  },
});

const everyUserCollection = {
  articles: '*',
  authors: '*',
  comments: '*',
  shapes: '*',
  circles: '*',
  squares: '*',
  shapes_children: '*',
  svc_users: '*',
  folder: '*',
} as const;

describe(liveDocument.name, () => {
  it('adds the readable user collections with a table, and no system collection or folder', () => {
    const doc = liveDocument(base(), overview, access(everyUserCollection));
    const collections = (doc.tags ?? []).map((t) => (t as { 'x-collection'?: string })['x-collection']).filter(Boolean);
    expect(collections.sort()).toEqual([
      'articles',
      'authors',
      'circles',
      'comments',
      'shapes',
      'shapes_children',
      'squares',
    ]);
    expect(Object.keys(doc.paths).filter((p) => p.includes('svc_users') || p.includes('folder'))).toEqual([]);
  });

  it.each<[string, Record<string, '*' | string[]>, string[], string[]]>([
    [
      'every collection',
      { articles: '*', authors: '*' },
      ['/items/articles', '/items/articles/{id}', '/items/authors', '/items/authors/{id}'],
      ['ItemsArticles', 'ItemsAuthors'],
    ],
    ['one collection', { authors: '*' }, ['/items/authors', '/items/authors/{id}'], ['ItemsAuthors']],
    ['none', {}, [], []],
  ])('shows a caller who may read %s only those', (_case, readable, paths, schemas) => {
    const doc = liveDocument(base(), overview, access(readable));
    expect(Object.keys(doc.paths).filter((p) => p !== '/items/{collection}' && p !== '/files')).toEqual(paths);
    expect(Object.keys(doc.components!.schemas!).filter((s) => s.startsWith('Items') && s !== 'ItemsComments')).toEqual(
      schemas,
    );
  });

  it('lists only the readable fields, and relations into unreadable collections as keys', () => {
    const doc = liveDocument(base(), overview, access({ articles: ['id', 'title', 'author', 'comments'] }));
    const schema = doc.components!.schemas!.ItemsArticles as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(['id', 'title', 'author', 'comments']);
    expect(schema.properties.author).toEqual({ type: 'integer', format: 'int32', nullable: true });
    expect(schema.properties.comments).toEqual({ type: 'array', items: { type: 'integer', format: 'int32' } });
  });

  it("keeps the base document's paths, tags and components, adds its tags after Items, and changes nothing in it", () => {
    const original = base();
    const doc = liveDocument(original, overview, access({ articles: '*', comments: '*' }));
    expect(original).toEqual(base());
    expect(doc.paths['/items/{collection}']).toEqual(original.paths['/items/{collection}']);
    expect((doc.tags ?? []).map((t) => t.name)).toEqual([
      'Authentication',
      'Items',
      'ItemsArticles',
      'ItemsComments2',
      'Files',
    ]);
    expect(doc.components!.schemas!.ItemsComments).toEqual({ type: 'object' });
    expect(doc.components!.parameters!.Fields).toEqual(original.components!.parameters!.Fields);
    expect(Object.keys(doc.components!.parameters!)).toEqual(
      expect.arrayContaining(['Fields', 'Filter', 'Sort', 'Limit']),
    );
    expect(Object.keys(doc.components!.responses!)).toEqual([
      'BadRequest',
      'Unauthorized',
      'Forbidden',
      'PayloadTooLarge',
    ]);
    expect(doc.components!.securitySchemes).toEqual(
      expect.objectContaining({
        bearerAuth: expect.anything(),
        accessTokenQuery: expect.anything(),
        sessionCookie: expect.anything(),
      }),
    );
  });

  it('keeps operation ids unique against the base document', () => {
    const clashing = { ...base(), paths: { '/files': { post: { operationId: 'readItemArticles', responses: {} } } } };
    const doc = liveDocument(clashing, overview, access({ articles: '*' }));
    expect(doc.paths['/items/articles/{id}'].get!.operationId).toBe('readItemArticles2');
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item)
        .map((op) => (op as { operationId?: string }).operationId)
        .filter(Boolean),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks the operations anonymous callers may use too', () => {
    const doc = liveDocument(base(), overview, access({ articles: '*', authors: '*' }, ['authors']));
    expect(doc.paths['/items/authors'].get!.security).toContainEqual({});
    expect(doc.paths['/items/articles'].get!.security).not.toContainEqual({});
  });

  it('requires on create the readable fields the engine requires', () => {
    const required = new SchemaOverview(
      new Map([
        [
          'articles',
          { ...articles, fields: { ...articles.fields, title: { ...articles.fields.title, nullable: false } } },
        ],
      ]),
      [],
      1,
    );
    const body = (readable: string[] | '*') =>
      (
        liveDocument(base(), required, access({ articles: readable })).paths['/items/articles'].post!.requestBody as {
          content: Record<string, { schema: { oneOf: unknown[] } }>;
        }
      ).content['application/json'].schema.oneOf[0];
    expect(body('*')).toEqual({ allOf: [{ $ref: '#/components/schemas/ItemsArticles' }], required: ['title'] });
    expect(body(['id', 'views'])).toEqual({ $ref: '#/components/schemas/ItemsArticles' });
  });

  it.each<[string, string, object]>([
    ['3.0', '3.0.3', { type: 'integer', format: 'int32', nullable: true }],
    ['3.1', '3.1.0', { type: ['integer', 'null'], format: 'int32' }],
  ])('says nullable the way OpenAPI %s does', (_case, version, expected) => {
    const doc = liveDocument({ ...base(), openapi: version }, overview, access({ articles: '*' }));
    expect(
      (doc.components!.schemas!.ItemsArticles as { properties: Record<string, unknown> }).properties.views,
    ).toEqual(expected);
  });
});
