import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { ErrorCode } from '../../../src/common/errors/error-codes';
import { API_TAGS } from '../../../src/common/openapi/tags';
import { buildOpenApiDocument } from '../../../src/configure-app';
import { createTestApp, TestApp } from '../../helpers/test-app';

type Op = { method: string; path: string; op: OperationObject };

const SCHEMES = ['bearerAuth', 'accessTokenQuery', 'sessionCookie'];
const QUERY = [
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
  'Version',
  'Export',
];
const LIST_QUERY = QUERY.filter((name) => name !== 'Version');
const RESPONSES = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnprocessableEntity: 422,
  TooManyRequests: 429,
  ServiceUnavailable: 503,
};
/** The 17 list reads of the items engine (their SEARCH twins are `x-search`). */
const LISTS = [
  'readItems',
  'readFiles',
  'readFolders',
  'readContentVersions',
  'readUsers',
  'readRoles',
  'readPolicies',
  'readAccessRows',
  'readPermissions',
  'readActivities',
  'readRevisions',
  'readComments',
  'readDashboards',
  'readPanels',
  'readNotifications',
  'readPresets',
  'readShares',
  'readTranslations',
];
/** POST routes that read no body: an action on what the path names. */
const BODILESS = ['purgeFileTransforms', 'disableUserTwoFactor', 'clearCache', 'revertRevision'];
const PUBLIC = [
  'login',
  'refresh',
  'logout',
  'passwordRequest',
  'passwordReset',
  'readProviders',
  'serverPing',
  'acceptUserInvite',
  'authenticateShare',
  'readShareInfo',
  'randomString',
  'readGraphqlSdlSystem',
  'loginProvider',
  'loginProviderCallback',
  'loginProviderCallbackFormPost',
  'loginLdap',
  'loginSamlAcs',
  'loginSamlMetadata',
];
/** Browser navigations that only ever redirect (a single sign-on's start, a form-post answer): their redirect stands for the 2xx. */
const REDIRECT_ONLY = new Map([
  ['loginProvider', /^302$/],
  ['loginProviderCallbackFormPost', /^303$/],
]);
/** With no extension installed, these only ever answer an error: a 2xx would promise what never comes. */
const ERRORS_ONLY = new Set(['readExtensionSource', 'updateExtension', 'updateBundleExtension', 'uninstallExtension']);

describe('the OpenAPI system document (openapi.json) as a contract', () => {
  let t: TestApp;
  let doc: OpenAPIObject;
  let ops: Op[];
  const byId = (id: string) => {
    const found = ops.find((o) => o.op.operationId === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found.op;
  };
  const deref = <T>(value: T | ReferenceObject, kind: 'parameters' | 'requestBodies' | 'responses'): T => {
    if (!('$ref' in (value as object))) return value as T;
    const name = (value as ReferenceObject).$ref.split('/').pop() as string;
    return (doc.components as Record<string, Record<string, T>>)[kind][name];
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cms.example.org/api' } });
    doc = buildOpenApiDocument(t.app, t.config);
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method, path, op: op as OperationObject })),
    );
  });
  afterAll(() => t.close());

  it('has only OpenAPI 3.0 methods: SEARCH routes are the x-search of the 18 lists, and still answer', async () => {
    expect(doc.openapi).toBe('3.0.3');
    // HEAD and OPTIONS are OpenAPI 3.0 methods too: the tus protocol's offset and capabilities requests.
    const methods = ops
      .filter((o) => !['get', 'post', 'patch', 'delete'].includes(o.method))
      .map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(methods.sort()).toEqual(['HEAD /files/tus/{id}', 'OPTIONS /files/tus/{id}']);
    const searchable = ops.filter((o) => 'x-search' in o.op).map((o) => o.op.operationId);
    expect(searchable.sort()).toEqual([...LISTS].sort());
    for (const id of LISTS) expect(byId(id).description).toContain('`SEARCH`');
    const res = await t
      .as('admin')
      .search('/roles')
      .send({ query: { limit: 1, fields: ['id'] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it('gives every operation a summary, a description, a unique SDK-style id and one declared tag', () => {
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    expect(declared).toEqual(API_TAGS.map((tag) => tag.name));
    expect(declared.slice(0, 15)).toEqual([
      'Authentication',
      'Items',
      'Collections',
      'Fields',
      'Relations',
      'Files',
      'Assets',
      'Folders',
      'Versions',
      'Schema',
      'Utilities',
      'Users',
      'Roles',
      'Permissions',
      'Server',
    ]);
    for (const tag of doc.tags ?? []) expect(tag.description).toEqual(expect.any(String));
    for (const { method, path, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, op.summary?.length ?? 0]).not.toEqual([where, 0]);
      expect([where, op.description?.length ?? 0]).not.toEqual([where, 0]);
      expect([where, op.operationId]).toEqual([where, expect.stringMatching(/^[a-z][A-Za-z]+$/)]);
      expect([where, op.tags?.length, declared.includes(op.tags?.[0] ?? '')]).toEqual([where, 1, true]);
    }
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    const ids = [
      'readItems',
      'readItem',
      'createItems',
      'updateItems',
      'updateItem',
      'deleteItems',
      'deleteItem',
      'uploadFiles',
      'importFile',
    ];
    for (const id of [
      ...ids,
      'schemaSnapshot',
      'schemaDiff',
      'schemaApply',
      'promoteContentVersion',
      'login',
      'refresh',
      'logout',
      'readMe',
    ])
      byId(id);
  });

  it('declares the three token schemes and the metrics token and, on every operation, who may call it', () => {
    expect(doc.components?.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      accessTokenQuery: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'access_token' }),
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: t.config.auth.sessionCookie.name }),
      metricsToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }),
    });
    const alternatives = SCHEMES.map((scheme) => ({ [scheme]: [] }));
    for (const { method, path, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      const expected = op.operationId === 'readMetrics' ? [{ metricsToken: [] }, ...alternatives] : alternatives;
      if (PUBLIC.includes(op.operationId ?? '')) expect([where, op.security]).toEqual([where, [{}]]);
      else expect([where, op.security?.filter((s) => Object.keys(s).length > 0)]).toEqual([where, expected]);
    }
    const anonymous = (id: string) => byId(id).security?.some((s) => Object.keys(s).length === 0);
    // Roles are read with the caller's permissions (the public ones included), written by admins only.
    for (const id of [
      'readItems',
      'createItems',
      'readFiles',
      'uploadFiles',
      'readAssetRaw',
      'readFolders',
      'serverInfo',
      'serverHealth',
      'utilsExport',
      'readRoles',
    ])
      expect([id, anonymous(id)]).toEqual([id, true]);
    for (const id of [
      'readMe',
      'updateMe',
      'schemaSnapshot',
      'createCollection',
      'createRoles',
      'readPermissions',
      'readAccessRows',
      'readSettings',
      'readJobs',
      'clearCache',
    ])
      expect([id, anonymous(id)]).toEqual([id, false]);
  });

  it('answers every operation that can succeed with a 2xx, every one with a shared 4xx, all errors with the Error body', () => {
    const refs = Object.keys(RESPONSES).map((name) => `#/components/responses/${name}`);
    for (const { method, path, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(op.responses);
      const success = REDIRECT_ONLY.get(op.operationId ?? '') ?? /^2/;
      const succeeds = !ERRORS_ONLY.has(op.operationId ?? '');
      expect([where, statuses.some((s) => success.test(s))]).toEqual([where, succeeds]);
      expect([
        where,
        statuses.some((s) => /^4/.test(s) && refs.includes((op.responses[s] as ReferenceObject).$ref)),
      ]).toEqual([where, true]);
      for (const status of statuses.filter((s) => /^[45]/.test(s) && !(path === '/server/health' && s === '503'))) {
        const response = op.responses[status] as ResponseObject | ReferenceObject;
        if ('$ref' in response)
          expect(response.$ref).toBe(
            `#/components/responses/${Object.entries(RESPONSES).find(([, code]) => String(code) === status)?.[0]}`,
          );
        else
          expect([where, status, response.content?.['application/json']?.schema]).toEqual([
            where,
            status,
            { $ref: '#/components/schemas/Error' },
          ]);
      }
    }
  });

  it('has one Error schema with every known code, referenced by the nine shared error responses', () => {
    const error = doc.components?.schemas?.Error as SchemaObject;
    const entry = (error.properties?.errors as SchemaObject).items as SchemaObject;
    const code = ((entry.properties?.extensions as SchemaObject).properties?.code as SchemaObject).enum;
    expect(code?.sort()).toEqual(Object.values(ErrorCode).sort());
    expect(Object.keys(doc.components?.responses ?? {}).sort()).toEqual(Object.keys(RESPONSES).sort());
    for (const response of Object.values(doc.components?.responses ?? {}) as ResponseObject[]) {
      expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });

  it('declares every body an operation reads, with a schema; uploads as multipart with a binary file part', () => {
    for (const { method, path, op } of ops.filter((o) => ['post', 'patch'].includes(o.method))) {
      const where = `${method.toUpperCase()} ${path}`;
      if (BODILESS.includes(op.operationId ?? '')) {
        expect([where, op.requestBody]).toEqual([where, undefined]);
        continue;
      }
      const body = op.requestBody && deref<RequestBodyObject>(op.requestBody, 'requestBodies');
      const schemas = Object.values(body?.content ?? {}).map((media) => media.schema);
      expect([where, schemas.length > 0 && schemas.every(Boolean)]).toEqual([where, true]);
    }
    for (const id of ['uploadFiles', 'updateFile', 'utilsImport', 'schemaDiff', 'schemaApply']) {
      const body = deref<RequestBodyObject>(byId(id).requestBody as RequestBodyObject, 'requestBodies');
      const multipart = body.content['multipart/form-data']?.schema as SchemaObject;
      expect([id, multipart?.properties?.file]).toEqual([
        id,
        expect.objectContaining({ type: 'string', format: 'binary' }),
      ]);
    }
    for (const id of ['schemaDiff', 'schemaApply']) {
      expect(
        Object.keys(deref<RequestBodyObject>(byId(id).requestBody as RequestBodyObject, 'requestBodies').content),
      ).toContain('application/json');
    }
    const items = (id: string) =>
      (
        deref<RequestBodyObject>(byId(id).requestBody as RequestBodyObject, 'requestBodies').content['application/json']
          .schema as SchemaObject
      ).oneOf;
    expect(items('createItems')).toEqual([
      { $ref: '#/components/schemas/Item' },
      { type: 'array', items: { $ref: '#/components/schemas/Item' } },
    ]);
    expect(items('updateItems')?.map((s) => (s as SchemaObject).required ?? (s as SchemaObject).type)).toEqual([
      'array',
      ['keys', 'data'],
      ['query', 'data'],
    ]);
  });

  it('declares the shared query parameters once, with descriptions and examples, referenced by every list', () => {
    const parameters = doc.components?.parameters as Record<string, ParameterObject>;
    expect(Object.keys(parameters).sort()).toEqual([...QUERY].sort());
    for (const [name, parameter] of Object.entries(parameters)) {
      expect([name, parameter.in, parameter.description]).toEqual([
        name,
        'query',
        expect.stringContaining('Example: `'),
      ]);
    }
    const refs = (id: string) => (byId(id).parameters ?? []).map((p) => (p as ReferenceObject).$ref).filter(Boolean);
    for (const id of LISTS)
      expect([id, refs(id)]).toEqual([
        id,
        expect.arrayContaining(LIST_QUERY.map((name) => `#/components/parameters/${name}`)),
      ]);
    expect(refs('readItems')).toContain('#/components/parameters/Version');
    expect(refs('readItem')).toEqual(
      expect.arrayContaining(['Fields', 'Deep', 'Alias', 'Version'].map((name) => `#/components/parameters/${name}`)),
    );
    // No operation declares one of them inline, but the job list, whose `limit` (1 to 1000 jobs) is its own.
    for (const { op } of ops.filter((o) => o.op.operationId !== 'readJobs')) {
      const inline = (op.parameters ?? []).filter((p) => !('$ref' in p)) as ParameterObject[];
      expect([
        op.operationId,
        inline.filter((p) => p.in === 'query' && QUERY.some((q) => parameters[q].name === p.name)),
      ]).toEqual([op.operationId, []]);
    }
  });

  it('answers each resource in the { data, meta } envelope with its own schema', () => {
    const data = (id: string) => {
      const ok = deref<ResponseObject>(byId(id).responses['200'] as ResponseObject, 'responses');
      return (ok.content?.['application/json']?.schema as SchemaObject).properties;
    };
    expect(data('readItems')).toEqual({
      data: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
      meta: { $ref: '#/components/schemas/Meta' },
    });
    const resources = {
      readCollections: 'Collection',
      readFields: 'Field',
      readRelations: 'Relation',
      readFiles: 'File',
      readFolders: 'Folder',
      readUsers: 'User',
      readRoles: 'Role',
      readPermissions: 'Permission',
      readContentVersions: 'Version',
      readRevisions: 'Revision',
      readActivities: 'Activity',
      readJobs: 'Job',
    };
    for (const [id, schema] of Object.entries(resources))
      expect([id, (data(id)?.data as SchemaObject).items]).toEqual([id, { $ref: `#/components/schemas/${schema}` }]);
    expect(data('readSettings')?.data).toEqual({ $ref: '#/components/schemas/Settings' });
  });

  it('names PUBLIC_URL as its server and references every component it declares but Conflict', () => {
    expect(doc.servers).toEqual([{ url: 'https://cms.example.org/api', description: expect.any(String) }]);
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components);
    const unused = Object.entries(doc.components ?? {}).flatMap(([kind, entries]) =>
      Object.keys(entries as object)
        .filter((name) => kind !== 'securitySchemes' && !text.includes(`"#/components/${kind}/${name}"`))
        .map((name) => `${kind}/${name}`),
    );
    expect(unused.sort()).toEqual(['responses/Conflict']);
  });
});
