/** What of the environment `redisUrl` reads. */
export interface RedisVariables {
  REDIS?: string;
  REDIS_HOST?: string;
  REDIS_PORT?: string;
  REDIS_USERNAME?: string;
  REDIS_PASSWORD?: string;
  REDIS_DB?: string;
}

/**
 * The Redis to connect to: `REDIS` as given, else a URL made of the reference's separate variables
 * (`REDIS_HOST` and the optional port, user name, password and database number); undefined without either.
 */
export function redisUrl(env: RedisVariables): string | undefined {
  if (env.REDIS) return env.REDIS;
  if (!env.REDIS_HOST) return undefined;
  const user = env.REDIS_USERNAME ? encodeURIComponent(env.REDIS_USERNAME) : '';
  const password = env.REDIS_PASSWORD ? `:${encodeURIComponent(env.REDIS_PASSWORD)}` : '';
  const credentials = user || password ? `${user}${password}@` : '';
  const host = env.REDIS_HOST.includes(':') ? `[${env.REDIS_HOST}]` : env.REDIS_HOST;
  const db = env.REDIS_DB ? `/${env.REDIS_DB}` : '';
  return `redis://${credentials}${host}:${env.REDIS_PORT ?? '6379'}${db}`;
}
