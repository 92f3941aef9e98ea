import { assetsOptions } from './assets-options';

describe(assetsOptions.name, () => {
  it.each([
    [
      {},
      {
        cacheTtlSeconds: 2592000,
        cacheRevalidate: false,
        maxConcurrent: 25,
        maxRunning: 2,
        maxRunningPerCaller: 1,
        slowEncodeMaxPixels: 2000000,
        maxDimension: 6000,
        maxOperations: 5,
        timeoutMs: 7500,
        memoryCacheBytes: 33554432,
      },
    ],
    [
      {
        ASSETS_CACHE_TTL: '1h',
        ASSETS_CACHE_REVALIDATE: 'true',
        ASSETS_TRANSFORM_MAX_CONCURRENT: '2',
        ASSETS_TRANSFORM_MAX_RUNNING: '1',
        ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER: '1',
        ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS: '40000',
        ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '100',
        ASSETS_TRANSFORM_MAX_OPERATIONS: '1',
        ASSETS_TRANSFORM_TIMEOUT: '2s',
        ASSETS_MEMORY_CACHE_SIZE: '0',
      },
      {
        cacheTtlSeconds: 3600,
        cacheRevalidate: true,
        maxConcurrent: 2,
        maxRunning: 1,
        maxRunningPerCaller: 1,
        slowEncodeMaxPixels: 40000,
        maxDimension: 100,
        maxOperations: 1,
        timeoutMs: 2000,
        memoryCacheBytes: 0,
      },
    ],
  ])('%j', (raw, expected) => expect(assetsOptions(raw)).toEqual(expected));

  it.each([
    [{ ASSETS_TRANSFORM_MAX_CONCURRENT: 'many' }],
    [{ ASSETS_TRANSFORM_MAX_RUNNING: '0' }],
    [{ ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS: '2e6' }],
    [{ ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '0' }],
    [{ ASSETS_CACHE_TTL: 'soon' }],
    [{ ASSETS_MEMORY_CACHE_SIZE: 'lots' }],
  ])('rejects %j', (raw) => expect(() => assetsOptions(raw)).toThrow(/ASSETS_/));
});
