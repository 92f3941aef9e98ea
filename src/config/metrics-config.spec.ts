import { metricsConfig } from './metrics-config';

describe(metricsConfig.name, () => {
  it('has the reference defaults: off, every service, every minute, no token', () => {
    const problems: string[] = [];
    expect(metricsConfig({}, problems)).toEqual({
      enabled: false,
      tokens: [],
      services: ['database', 'cache', 'redis', 'storage'],
      schedule: '*/1 * * * *',
    });
    expect(problems).toEqual([]);
  });

  it('reads a list of tokens and services', () => {
    const env = {
      METRICS_ENABLED: 'true',
      METRICS_TOKENS: 'a, b ,',
      METRICS_SERVICES: 'database,redis',
      METRICS_SCHEDULE: '*/15 * * * * *',
    };
    expect(metricsConfig(env, [])).toEqual({
      enabled: true,
      tokens: ['a', 'b'],
      services: ['database', 'redis'],
      schedule: '*/15 * * * * *',
    });
  });

  it.each([
    [{ METRICS_SERVICES: 'database,queue' }, 'METRICS_SERVICES: "queue" is not one of database, cache, redis, storage'],
    [{ METRICS_SCHEDULE: 'every minute' }, 'METRICS_SCHEDULE: a cron expression has 5 or 6 fields, not 2'],
    [{ METRICS_SCHEDULE: '61 * * * *' }, 'METRICS_SCHEDULE: "61" is no minute (0-59)'],
  ])('reports %j', (env, problem) => {
    const problems: string[] = [];
    metricsConfig(env, problems);
    expect(problems).toEqual([problem]);
  });
});
