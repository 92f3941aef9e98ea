import jwt from 'jsonwebtoken';
import { MUTATING, Operation } from './fuzz-routes';
import { Seeded } from './fuzz-seed';
import { Prng } from './fuzz-values';

/** Real values for a path parameter; `safe` keeps admin-powered writes on the scratch fixtures. */
export function validParam(
  s: Seeded,
  rng: Prng,
  op: Operation,
  name: string,
  collection: string,
  safe: boolean,
): string {
  const writing = safe && MUTATING.has(op.method);
  if (name === 'collection') {
    if (!writing) return rng.pick([s.articles, s.authors, s.tags, s.junction, s.site, s.scratch]);
    if (op.method === 'DELETE' && !op.path.startsWith('/items')) return s.doomed;
    if (op.method === 'POST' && op.path === '/items/{collection}')
      return rng.pick([s.articles, s.authors, s.tags, s.scratch]);
    return s.scratch;
  }
  if (name === 'field') return rng.pick(s.fields[collection] ?? ['id']);
  if (name === 'revision') return s.victim.revision;
  if (name === 'filename') return rng.pick(['kept.png', 'x.txt', 'ü.png']);
  const prefix = op.path.split('/')[1];
  const pools: Record<string, string[]> = {
    items: writing ? (s.ids[s.scratch] ?? []) : (s.ids[collection] ?? ['1']),
    files: writing ? [s.victimFileId] : [s.fileId, s.victimFileId],
    assets: [s.fileId, s.victimFileId],
    users: writing ? [s.victim.user] : [s.limited.id, s.adminId, s.victim.user],
    roles: writing ? [s.victim.role] : [s.limited.role, s.victim.role],
    permissions: writing
      ? [String(s.victim.permission)]
      : [...s.limited.permissions.map(String), String(s.victim.permission)],
    folders: [s.victim.folder],
    versions: [s.victim.version],
  };
  return rng.pick(pools[prefix] ?? ['1', '2']);
}

function itemTemplate(s: Seeded, collection: string, id: string): Record<string, unknown> {
  if (collection === s.articles) {
    return {
      title: 'Fuzzed',
      body: 'text',
      views: 7,
      rating: 2.5,
      price: '9.99',
      published: true,
      extra: { list: [1, 2], nested: { a: 'b' } },
      day: '2024-01-02',
      starts: '2024-01-02T03:04:05',
      author: { name: 'New author' },
      cover: null,
      tags: [{ tag_id: { label: 'fresh' } }],
    };
  }
  if (collection === s.authors) return { name: 'Someone', articles: [{ title: 'Nested', views: 1 }] };
  if (collection === s.tags) return { label: 'purple' };
  if (collection === s.site) return { motto: 'Changed' };
  if (collection === s.junction) return { article_id: id, tag_id: id };
  return {
    label: 'scratch',
    count: 5,
    flag: true,
    data: { k: [1, 'v'] },
    parent: { label: 'parent' },
    children: [{ label: 'kid' }],
  };
}

/** One well-formed record for the routes of `path` that take one. */
function record(s: Seeded, path: string, collection: string, id: string): Record<string, unknown> {
  if (path.startsWith('/items')) return itemTemplate(s, collection, id);
  if (path.startsWith('/users'))
    return {
      email: 'fuzz@example.com',
      password: 'fuzz-password-1',
      role: s.victim.role,
      first_name: 'Fuzz',
      status: 'active',
      tags: ['a'],
    };
  if (path.startsWith('/roles'))
    return { name: 'fuzz role', admin_access: false, app_access: true, icon: 'bolt', description: 'd' };
  if (path.startsWith('/permissions'))
    return {
      role: s.victim.role,
      collection: s.scratch,
      action: 'read',
      fields: ['label', 'count'],
      permissions: { count: { _gt: 0 } },
      validation: { label: { _nnull: true } },
      presets: { flag: true },
    };
  if (path.startsWith('/files'))
    return {
      title: 'Renamed',
      description: 'd',
      folder: s.victim.folder,
      tags: ['a'],
      filename_download: 'x.png',
      type: 'text/plain',
    };
  if (path.startsWith('/folders')) return { name: 'sub folder', parent: s.victim.folder };
  if (path.startsWith('/versions'))
    return { key: 'fuzz-key', name: 'n', collection: s.scratch, item: s.ids[s.scratch][1] };
  return {};
}

type RouteBody = (args: { rng: Prng; s: Seeded }) => unknown;

const SCHEMA_BODIES: Record<string, RouteBody> = {
  'POST /collections': () => ({
    collection: 'fz_new',
    meta: { note: 'n', singleton: false, icon: 'box', hidden: false, sort_field: null },
    schema: {},
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'name', type: 'string', schema: { max_length: 10 } },
    ],
  }),
  'PATCH /collections/{collection}': () => ({
    meta: {
      note: 'n',
      hidden: false,
      sort_field: 'sort',
      archive_field: 'label',
      archive_value: 'archived',
      translations: [{ language: 'en-US', translation: 'x' }],
    },
    schema: { comment: 'c' },
  }),
  'POST /fields/{collection}': ({ rng }) =>
    rng.pick([
      {
        field: 'fz_field',
        type: 'string',
        meta: {
          interface: 'input',
          options: { a: 1 },
          note: 'n',
          special: null,
          validation: { _and: [{ fz_field: { _nnull: true } }] },
        },
        schema: { max_length: 20, is_nullable: true, default_value: 'd', is_unique: false },
      },
      { field: 'fz_dec', type: 'decimal', schema: { numeric_precision: 5, numeric_scale: 2 } },
      { field: 'fz_alias', type: 'alias', meta: { special: ['o2m'] } },
    ]),
  'PATCH /fields/{collection}/{field}': () => ({
    type: 'string',
    meta: { note: 'x', hidden: false, options: { a: 1 }, special: null },
    schema: { is_nullable: true, default_value: null, max_length: 300 },
  }),
  'POST /relations': ({ s }) => ({
    collection: s.doomed,
    field: 'ref',
    related_collection: s.scratch,
    meta: { one_field: 'doomed_refs', junction_field: null, sort_field: null },
    schema: { on_delete: 'SET NULL' },
  }),
  'PATCH /relations/{collection}/{field}': () => ({ meta: { one_field: 'kids' }, schema: { on_delete: 'CASCADE' } }),
  'POST /schema/diff': ({ s }) => s.snapshot,
  'POST /schema/apply': () => ({
    hash: 'f'.repeat(40),
    diff: {
      collections: [
        {
          collection: 'fz_ghost',
          diff: [{ kind: 'N', rhs: { collection: 'fz_ghost', meta: { note: null }, schema: { name: 'fz_ghost' } } }],
        },
      ],
      fields: [],
      systemFields: [],
      relations: [],
    },
  }),
};

const GRAPHQL_BODIES: Record<string, RouteBody> = {
  'POST /graphql/system': ({ rng, s }) =>
    rng.pick([
      { query: 'mutation { utils_hash_generate(string: "x") }' },
      { query: 'mutation R($n: Int) { utils_random_string(length: $n) }', variables: { n: 12 }, operationName: 'R' },
      { query: `mutation { utils_sort(collection: "${s.scratch}", item: "1", to: "2") }` },
      { query: 'mutation { auth_login(email: "nobody@example.com", password: "x") { access_token } }' },
      { query: 'mutation { auth_refresh(refresh_token: "x") { access_token } }' },
      { query: 'mutation { users_me_tfa_generate(password: "x") { secret } }' },
      { query: '{ server_ping }' },
      { query: `{ ${'server_ping { '.repeat(3000)}x${' }'.repeat(3000)} }` },
      {
        query: `mutation { ${Array.from({ length: 300 }, (_v, i) => `a${i}: utils_random_string(length: ${i})`).join(' ')} }`,
      },
      {
        query: 'mutation($s: String!) { utils_hash_verify(string: $s, hash: $s) }',
        variables: { s: { nested: ['x'] } },
      },
      { query: 'query A { server_ping } query B { server_ping }', operationName: 'C' },
      { query: 'fragment F on Query { ...F } { ...F }' },
    ]),
};

const refreshBody: RouteBody = () => ({ refresh_token: 'r'.repeat(64), mode: 'json' });
/** A well-shaped reset or invite token signed with another secret. */
const foreignTokenBody: RouteBody = () => ({
  token: jwt.sign({ email: 'nobody@example.com', scope: 'password-reset', iss: 'vellum' }, 'not-the-secret'),
  password: 'new-password-1',
});

const AUTH_BODIES: Record<string, RouteBody> = {
  'POST /auth/login': () => ({ email: 'nobody@example.com', password: 'wrong-password', mode: 'json', otp: '123456' }),
  'POST /auth/refresh': refreshBody,
  'POST /auth/logout': refreshBody,
  'POST /auth/password/request': () => ({ email: 'nobody@example.com', reset_url: 'http://example.com/reset' }),
  'POST /auth/password/reset': foreignTokenBody,
  'POST /users/invite/accept': foreignTokenBody,
  'POST /users/invite': ({ s }) => ({
    email: ['invitee@example.com'],
    role: s.victim.role,
    invite_url: 'http://example.com/invite',
  }),
  'PATCH /users/me': () => ({
    first_name: 'F',
    last_name: 'L',
    language: 'en-US',
    appearance: 'auto',
    theme_light: 'x',
    email_notifications: true,
    location: 'here',
    title: 't',
    description: 'd',
    tags: ['x'],
  }),
  'POST /users/me/tfa/generate': () => ({ password: 'wrong-password' }),
  'POST /users/me/tfa/enable': () => ({ secret: 'JBSWY3DPEHPK3PXP', otp: '123456' }),
  'POST /users/me/tfa/disable': () => ({ otp: '123456' }),
};

const UTILS_BODIES: Record<string, RouteBody> = {
  'POST /utils/hash/generate': () => ({ string: 'hash me' }),
  'POST /utils/hash/verify': () => ({
    string: 'hash me',
    hash: '$argon2id$v=19$m=4096,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA',
  }),
  'POST /utils/sort/{collection}': ({ s }) => ({ item: Number(s.ids[s.scratch][0]), to: Number(s.ids[s.scratch][2]) }),
  'POST /utils/export/{collection}': ({ rng }) => ({
    format: rng.pick(['json', 'csv', 'xml', 'yaml']),
    query: { fields: ['*'], filter: { id: { _nnull: true } }, limit: 2, sort: ['id'] },
    file: { title: 'export', folder: null },
  }),
  'POST /files/import': () => ({ url: 'http://127.0.0.1/fuzz.png', data: { title: 'imported' } }),
  'POST /versions/{id}/save': () => ({ label: 'saved', count: 4, data: { x: 1 } }),
  'POST /versions/{id}/promote': () => ({ mainHash: 'a'.repeat(40), fields: ['label'] }),
  'PATCH /settings': () => ({
    project_name: 'Fuzz',
    project_color: '#ff0000',
    auth_login_attempts: 25,
    auth_password_policy: '/^.{8,}$/',
    storage_asset_transform: 'all',
    storage_asset_presets: [{ key: 'thumb', fit: 'cover', width: 10, height: 10 }],
    storage_default_folder: null,
    default_language: 'en-US',
  }),
};

/** Routes whose body has a shape of its own; the rest follow their method (see genericBody). */
const ROUTE_BODIES: Record<string, RouteBody> = {
  ...SCHEMA_BODIES,
  ...GRAPHQL_BODIES,
  ...AUTH_BODIES,
  ...UTILS_BODIES,
};

/** Batch forms of the items-like routes: keys, an array of records, or `{ query }`. */
function genericBody(s: Seeded, rng: Prng, op: Operation, collection: string, id: string, queryForm: boolean): unknown {
  const one = () => record(s, op.path, collection, id);
  const byQuery = { query: { filter: { id: { _eq: id } }, limit: 1 } };
  if (op.method === 'SEARCH')
    return rng.pick([
      {
        query: {
          fields: ['*'],
          filter: { id: { _nnull: true } },
          sort: ['id'],
          limit: 5,
          meta: 'total_count',
          search: 'a',
        },
      },
      { keys: [id] },
    ]);
  if (op.method === 'DELETE')
    return op.params.includes('id') ? undefined : rng.pick([[id], { keys: [id] }, ...(queryForm ? [byQuery] : [])]);
  if (op.method === 'PATCH')
    return op.params.includes('id')
      ? one()
      : rng.pick([
          { keys: [id], data: one() },
          [{ id, ...one() }],
          ...(queryForm ? [{ ...byQuery, data: one() }] : []),
        ]);
  if (op.method === 'POST' && !op.params.includes('id')) return rng.chance(0.2) ? [one(), one()] : one();
  return undefined;
}

/** A well-formed body for the route, which the fuzzer then breaks in one place. */
export function template(s: Seeded, rng: Prng, op: Operation, values: Record<string, string>, safe: boolean): unknown {
  const collection = values.collection ?? s.scratch;
  const id = values.id ?? validParam(s, rng, op, 'id', collection, safe);
  const route = ROUTE_BODIES[`${op.method} ${op.path}`];
  if (route) return route({ rng, s });
  // `{ query }` selects every row its filter matches, and an ignored junk member matches all: as an
  // admin that is only done on the scratch collection.
  const queryForm = !safe || (op.path.startsWith('/items') && collection === s.scratch);
  return genericBody(s, rng, op, collection, id, queryForm);
}
