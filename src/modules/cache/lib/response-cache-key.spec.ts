import {
  ANY_COLLECTION_TAG,
  cacheTag,
  invalidatesEverything,
  isCacheableRequest,
  responseCacheKey,
  stableStringify,
} from './response-cache-key';

describe(stableStringify.name, () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { z: [1, { y: 1, x: 2 }], c: 'x' } }, '{"a":{"c":"x","z":[1,{"x":2,"y":1}]}}'],
    [{ a: undefined, b: null }, '{"b":null}'],
    ['text', '"text"'],
    [undefined, 'null'],
  ])('%j → %s', (value, expected) => expect(stableStringify(value)).toBe(expected));
});

describe(isCacheableRequest.name, () => {
  it.each([
    [{ method: 'GET', path: '/items/articles', query: {} }, true],
    [{ method: 'GET', path: '/server/info', query: { fields: '*' } }, true],
    [{ method: 'POST', path: '/items/articles', query: {} }, false],
    [{ method: 'GET', path: '/auth/login', query: {} }, false],
    [{ method: 'GET', path: '/authors', query: {} }, true],
    [{ method: 'GET', path: '/server/health', query: {} }, false],
    [{ method: 'GET', path: '/utils/random/string', query: {} }, false],
    [{ method: 'GET', path: '/items/articles', query: { export: 'csv' } }, false],
    [{ method: 'GET', path: '/items/articles', query: {}, cacheControl: 'no-store' }, false],
    [{ method: 'GET', path: '/items/articles', query: {}, cacheControl: 'max-age=0, No-Store' }, false],
    [{ method: 'GET', path: '/items/articles', query: {}, cacheControl: 'no-cache' }, true],
  ])('%j → %s', (request, expected) => expect(isCacheableRequest(request)).toBe(expected));
});

describe(cacheTag.name, () => {
  it.each([
    ['articles', {}, 'articles'],
    ['articles', { fields: 'id,title', sort: '-id', limit: '5' }, 'articles'],
    ['articles', { fields: ['id', 'author.name'] }, ANY_COLLECTION_TAG],
    ['articles', { sort: 'author.name' }, ANY_COLLECTION_TAG],
    ['articles', { filter: { title: { _eq: 'x' } } }, ANY_COLLECTION_TAG],
    ['articles', { deep: { tags: { _limit: 1 } } }, ANY_COLLECTION_TAG],
    [null, {}, ANY_COLLECTION_TAG],
  ])('%s with %j → %s', (collection, query, expected) => expect(cacheTag(collection, query)).toBe(expected));
});

describe(responseCacheKey.name, () => {
  const base = { user: 'u1', path: '/items/a', query: { a: '1', b: '2' }, generations: ['g1', 'g2'] };
  it('ignores the order of query parameters and the access token', () => {
    expect(responseCacheKey({ ...base, query: { b: '2', access_token: 't', a: '1' } })).toBe(responseCacheKey(base));
  });
  it.each([
    ['user', { user: 'u2' }],
    ['public caller', { user: null }],
    ['path', { path: '/items/b' }],
    ['query', { query: { a: '1', b: '3' } }],
    ['generation', { generations: ['g1', 'g3'] }],
  ])('changes with the %s', (_name, change) => {
    expect(responseCacheKey({ ...base, ...change })).not.toBe(responseCacheKey(base));
  });
  it('keeps a share session apart from the public and from other shares', () => {
    const keys = [{ user: null }, { user: null, share: 's1' }, { user: null, share: 's2' }].map((who) =>
      responseCacheKey({ ...base, ...who }),
    );
    expect(new Set(keys).size).toBe(3);
  });
});

describe(invalidatesEverything.name, () => {
  it.each([
    ['svc_permissions', true],
    ['svc_roles', true],
    ['svc_users', true],
    ['svc_fields', true],
    ['svc_settings', true],
    ['svc_shares', true],
    ['svc_files', false],
    ['svc_activity', false],
    ['articles', false],
  ])('%s → %s', (collection, expected) => expect(invalidatesEverything(collection)).toBe(expected));
});
