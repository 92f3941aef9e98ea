import * as argon2 from 'argon2';
import type { Request, Response } from 'express';
import { graphql, GraphQLBoolean, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { Accountability, anonymousAccountability } from '../../../common/accountability';
import { systemClock } from '../../../common/clock';
import { ForbiddenError, InvalidPayloadError } from '../../../common/errors/errors';
import { AppLogger } from '../../../common/logging/app-logger';
import { loadConfig } from '../../../config/load-config';
import { CacheService } from '../../cache/cache.service';
import { RedisService } from '../../cache/redis.service';
import { SystemCacheService } from '../../cache/system-cache.service';
import { HashService } from '../../hash/hash.service';
import { MetricsService } from '../../../common/metrics/metrics.service';
import { UtilsService } from '../../utils/utils.service';
import { utilsMutations } from './utils.resolvers';

const config = loadConfig({
  NODE_ENV: 'test',
  CACHE_ENABLED: 'true',
  HASH_MEMORY_COST: '4096',
  HASH_TIME_COST: '2',
  HASH_PARALLELISM: '1',
});
const logger = new AppLogger('silent');
const redis = new RedisService(config, logger);
const cache = new CacheService(config, redis, logger, new MetricsService(config), systemClock);
const systemCache = new SystemCacheService(config, redis, logger);
const utils = new UtilsService(new HashService(config), cache, systemCache);

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ping: { type: GraphQLBoolean } } }),
  // utils_sort needs a database; the e2e suite covers it.
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: utilsMutations({
      utils,
      sort: { sort: () => Promise.reject(new Error('not in this suite')) },
      reverter: { revert: () => Promise.reject(new Error('not in this suite')) },
    }),
  }),
});

const admin: Accountability = {
  ...anonymousAccountability(),
  user: 'u-admin',
  role: 'r-admin',
  admin: true,
  app: true,
};
const editor: Accountability = {
  ...anonymousAccountability(),
  user: 'u-editor',
  role: 'r-editor',
  admin: false,
  app: true,
};

function run(
  source: string,
  acc: Accountability = anonymousAccountability(),
  variableValues?: Record<string, unknown>,
) {
  return graphql({ schema, source, variableValues, contextValue: { acc, req: {} as Request, res: {} as Response } });
}

describe('utils GraphQL mutations', () => {
  it('utils_hash_generate answers an argon2id hash of the string', async () => {
    const result = await run('mutation { utils_hash_generate(string: "secret") }');
    const hash = result.data?.utils_hash_generate as string;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(hash, 'secret')).toBe(true);
  });

  it.each([
    ['secret', true],
    ['other', false],
  ])('utils_hash_verify of %s → %s', async (value, expected) => {
    const hash = await argon2.hash('secret', { type: argon2.argon2i, memoryCost: 4096, timeCost: 2, parallelism: 1 });
    const result = await run(
      'mutation ($s: String!, $h: String!) { utils_hash_verify(string: $s, hash: $h) }',
      undefined,
      { s: value, h: hash },
    );
    expect(result).toEqual({ data: { utils_hash_verify: expected } });
  });

  it.each([
    ['a hash that is not argon2', 'mutation { utils_hash_verify(string: "x", hash: "plain") }', InvalidPayloadError],
    ['an empty string to hash', 'mutation { utils_hash_generate(string: "") }', InvalidPayloadError],
    ['length 0', 'mutation { utils_random_string(length: 0) }', InvalidPayloadError],
    ['length 501', 'mutation { utils_random_string(length: 501) }', InvalidPayloadError],
    ['a cache clear by a non-admin', 'mutation { utils_cache_clear }', ForbiddenError],
  ])('refuses %s', async (_name, source, errorClass) => {
    const result = await run(source, editor);
    expect(result.errors?.[0].originalError).toBeInstanceOf(errorClass);
  });

  it.each([
    ['{ utils_random_string }', 32],
    ['{ utils_random_string(length: 1) }', 1],
    ['{ utils_random_string(length: 500) }', 500],
    ['{ utils_random_string(length: null) }', 32],
  ])('mutation %s answers that many URL-safe characters', async (selection, length) => {
    const result = await run(`mutation ${selection}`);
    expect(result.data?.utils_random_string).toMatch(new RegExp(`^[A-Za-z0-9_-]{${length}}$`));
  });

  it('utils_hash_generate requires its argument', async () => {
    const result = await run('mutation { utils_hash_generate }');
    expect(result.errors?.[0].message).toMatch(/argument "string" of type "String!" is required/);
  });

  it('utils_cache_clear answers null and clears data and system caches for an admin', async () => {
    let reloads = 0;
    const off = systemCache.onReload(() => void reloads++);
    await cache.set('probe', { cached: true });
    try {
      expect(await run('mutation { utils_cache_clear }', admin)).toEqual({ data: { utils_cache_clear: null } });
      expect(reloads).toBe(1);
      expect(await cache.get('probe')).toBeUndefined();
    } finally {
      off();
    }
  });
});
