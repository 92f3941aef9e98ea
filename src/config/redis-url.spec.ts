import { redisUrl } from './redis-url';

describe('redisUrl', () => {
  it.each([
    [{}, undefined],
    [{ REDIS: 'redis://cache:6380/2', REDIS_HOST: 'ignored' }, 'redis://cache:6380/2'],
    [{ REDIS_HOST: 'cache' }, 'redis://cache:6379'],
    [{ REDIS_HOST: 'cache', REDIS_PORT: '6380', REDIS_DB: '3' }, 'redis://cache:6380/3'],
    [{ REDIS_HOST: 'cache', REDIS_PASSWORD: 'p@ss:word' }, 'redis://:p%40ss%3Aword@cache:6379'],
    [{ REDIS_HOST: 'cache', REDIS_USERNAME: 'app', REDIS_PASSWORD: 'secret' }, 'redis://app:secret@cache:6379'],
    [{ REDIS_HOST: '::1' }, 'redis://[::1]:6379'],
    [{ REDIS_PORT: '6380' }, undefined],
  ])('%j → %s', (env, expected) => {
    expect(redisUrl(env)).toBe(expected);
  });
});
