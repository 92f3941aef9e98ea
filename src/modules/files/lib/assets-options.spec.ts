import { assetsOptions } from './assets-options';

describe(assetsOptions.name, () => {
  it.each([
    [{}, { cacheTtlSeconds: 2592000, cacheRevalidate: false, maxConcurrent: 25, maxDimension: 6000, maxOperations: 5, timeoutMs: 7500 }],
    [
      { ASSETS_CACHE_TTL: '1h', ASSETS_CACHE_REVALIDATE: 'true', ASSETS_TRANSFORM_MAX_CONCURRENT: '2', ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '100', ASSETS_TRANSFORM_MAX_OPERATIONS: '1', ASSETS_TRANSFORM_TIMEOUT: '2s' },
      { cacheTtlSeconds: 3600, cacheRevalidate: true, maxConcurrent: 2, maxDimension: 100, maxOperations: 1, timeoutMs: 2000 },
    ],
  ])('%j', (raw, expected) => expect(assetsOptions(raw)).toEqual(expected));

  it.each([[{ ASSETS_TRANSFORM_MAX_CONCURRENT: 'many' }], [{ ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '0' }], [{ ASSETS_CACHE_TTL: 'soon' }]])(
    'rejects %j',
    (raw) => expect(() => assetsOptions(raw)).toThrow(/ASSETS_/),
  );
});
