import type { OperationObject, PathItemObject } from '@nestjs/swagger';
import type { PermissionAction } from '../../permissions/permissions.service';
import { itemPaths, ItemPathsInput } from './item-paths';
import { itemsNames } from './items-names';

const names = itemsNames(['articles'], new Set(), new Set()).get('articles')!;

function input(actions: PermissionAction[], changes: Partial<ItemPathsInput> = {}): ItemPathsInput {
  return {
    collection: 'articles',
    singleton: false,
    names,
    key: { schema: { type: 'integer' }, field: 'id' },
    required: ['title'],
    actions: new Set(actions),
    publicActions: new Set(),
    ...changes,
  };
}

const methods = (paths: Record<string, PathItemObject>) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.keys(item)
        .filter((k) => k !== 'parameters')
        .sort(),
    ]),
  );
const op = (paths: Record<string, PathItemObject>, path: string, method: 'get' | 'post' | 'patch' | 'delete') =>
  paths[path][method] as OperationObject;
const ITEM = { $ref: '#/components/schemas/ItemsArticles' };

describe(itemPaths.name, () => {
  it.each<[string, PermissionAction[], Partial<ItemPathsInput>, Record<string, string[]>]>([
    [
      'every action',
      ['create', 'read', 'update', 'delete'],
      {},
      { '/items/articles': ['delete', 'get', 'patch', 'post'], '/items/articles/{id}': ['delete', 'get', 'patch'] },
    ],
    ['read only', ['read'], {}, { '/items/articles': ['get'], '/items/articles/{id}': ['get'] }],
    [
      'read and create',
      ['read', 'create'],
      {},
      { '/items/articles': ['get', 'post'], '/items/articles/{id}': ['get'] },
    ],
    ['create only: no empty item path', ['create'], {}, { '/items/articles': ['post'] }],
    [
      'a singleton',
      ['create', 'read', 'update', 'delete'],
      { singleton: true },
      { '/items/articles': ['get', 'patch'] },
    ],
    ['a singleton read only', ['read'], { singleton: true }, { '/items/articles': ['get'] }],
  ])('%s', (_case, actions, changes, expected) =>
    expect(methods(itemPaths(input(actions, changes)))).toEqual(expected),
  );

  it('names each operation in the SDK vocabulary and tags it with the collection', () => {
    const paths = itemPaths(input(['create', 'read', 'update', 'delete']));
    const ids = Object.values(paths).flatMap((item) =>
      Object.entries(item)
        .filter(([k]) => k !== 'parameters')
        .map(([, o]) => [(o as OperationObject).operationId, (o as OperationObject).tags]),
    );
    expect(ids).toEqual([
      ['readItemsArticles', ['ItemsArticles']],
      ['createItemArticles', ['ItemsArticles']],
      ['updateItemsArticles', ['ItemsArticles']],
      ['deleteItemsArticles', ['ItemsArticles']],
      ['readItemArticles', ['ItemsArticles']],
      ['updateItemArticles', ['ItemsArticles']],
      ['deleteItemArticles', ['ItemsArticles']],
    ]);
    expect(methods(itemPaths(input(['read', 'update'], { singleton: true })))).toEqual({
      '/items/articles': ['get', 'patch'],
    });
    expect(op(itemPaths(input(['read'], { singleton: true })), '/items/articles', 'get').operationId).toBe(
      'readSingletonArticles',
    );
  });

  it('types the {id} parameter by the primary key', () => {
    const paths = itemPaths(input(['read'], { key: { schema: { type: 'string', format: 'uuid' }, field: 'id' } }));
    expect(paths['/items/articles/{id}'].parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }),
    ]);
  });

  it.each<[string, PermissionAction[], object[]]>([
    ['signed-in callers only', [], [{ bearerAuth: [] }, { accessTokenQuery: [] }, { sessionCookie: [] }]],
    ['anonymous callers too', ['read'], [{ bearerAuth: [] }, { accessTokenQuery: [] }, { sessionCookie: [] }, {}]],
  ])('declares the security of an operation open to %s', (_case, publicActions, expected) => {
    const paths = itemPaths(input(['read', 'create'], { publicActions: new Set(publicActions) }));
    expect(op(paths, '/items/articles', 'get').security).toEqual(expected);
    expect(op(paths, '/items/articles', 'post').security).toEqual(expected.filter((s) => Object.keys(s).length));
  });

  it.each<[string, string[], object]>([
    ['with required fields', ['title'], { allOf: [ITEM], required: ['title'] }],
    ['without', [], ITEM],
  ])('takes one item or an array on create, %s', (_case, required, created) => {
    const post = op(itemPaths(input(['create'], { required })), '/items/articles', 'post');
    expect(post.requestBody).toEqual(
      expect.objectContaining({
        required: true,
        content: { 'application/json': { schema: { oneOf: [created, { type: 'array', items: created }] } } },
      }),
    );
  });

  it('takes the three batch forms of an update and of a delete', () => {
    const paths = itemPaths(input(['update', 'delete', 'read']));
    const schema = (method: 'patch' | 'delete') =>
      (
        op(paths, '/items/articles', method).requestBody as {
          content: Record<string, { schema: { oneOf: unknown[] } }>;
        }
      ).content['application/json'].schema.oneOf;
    expect(schema('patch')).toEqual([
      { type: 'array', items: { allOf: [ITEM], required: ['id'] } },
      {
        type: 'object',
        required: ['keys', 'data'],
        properties: { keys: { type: 'array', items: { type: 'integer' } }, data: ITEM },
      },
      {
        type: 'object',
        required: ['query', 'data'],
        properties: { query: expect.objectContaining({ type: 'object' }), data: ITEM },
      },
    ]);
    expect(schema('delete')).toEqual([
      { type: 'array', items: { type: 'integer' } },
      { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: { type: 'integer' } } } },
      { type: 'object', required: ['query'], properties: { query: expect.objectContaining({ type: 'object' }) } },
    ]);
    const unlisted = itemPaths(input(['update', 'read'], { key: { schema: { type: 'integer' }, field: null } }));
    expect(
      (
        op(unlisted, '/items/articles', 'patch').requestBody as {
          content: Record<string, { schema: { oneOf: unknown[] } }>;
        }
      ).content['application/json'].schema.oneOf[0],
    ).toEqual({ type: 'array', items: ITEM });
  });

  it.each<[string, 'get' | 'post' | 'patch' | 'delete', string[], string[]]>([
    [
      '/items/articles',
      'get',
      [
        'Fields',
        'Filter',
        'Sort',
        'Limit',
        'Offset',
        'Page',
        'Search',
        'Meta',
        'Deep',
        'Aggregate',
        'GroupBy',
        'Alias',
        'Export',
      ],
      ['200', '400', '401', '403'],
    ],
    ['/items/articles', 'post', ['Fields'], ['200', '204', '400', '401', '403', '413']],
    ['/items/articles', 'delete', [], ['204', '400', '401', '403', '413']],
    ['/items/articles/{id}', 'get', ['Fields', 'Deep', 'Alias', 'Version'], ['200', '400', '401', '403']],
    ['/items/articles/{id}', 'patch', ['Fields'], ['200', '204', '400', '401', '403', '413']],
    ['/items/articles/{id}', 'delete', [], ['204', '400', '401', '403']],
  ])('%s %s refers to the shared parameters and answers', (path, method, params, statuses) => {
    const operation = op(itemPaths(input(['create', 'read', 'update', 'delete'])), path, method);
    expect(operation.parameters).toEqual(params.map((p) => ({ $ref: `#/components/parameters/${p}` })));
    expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    expect(operation.summary).toEqual(expect.stringContaining('`articles`'));
    expect(operation.description).toEqual(expect.any(String));
  });
});
