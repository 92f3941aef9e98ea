import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { RedisService } from '../cache/redis.service';

export type HealthStatus = 'ok' | 'warn' | 'error';

export interface HealthCheck {
  status: HealthStatus;
  componentType: string;
  observedValue?: number;
  observedUnit?: string;
  threshold?: number;
  output?: string;
}

export interface HealthReport {
  status: HealthStatus;
  releaseId: string;
  serviceId: string;
  checks: Record<string, HealthCheck[]>;
}

/** API.md 9: above this a database answer counts as slow (warn). */
const DB_RESPONSE_THRESHOLD_MS = 150;
const DB_CHECK_TIMEOUT_MS = 3000;

@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DIALECT) private readonly dialect: Dialect,
    private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  async report(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      this.checkDatabase(),
      this.redis.configured ? this.checkRedis() : null,
    ]);
    const checks: Record<string, HealthCheck[]> = { [`${this.dialect.vendor}:responseTime`]: [database] };
    if (redis) checks['redis:connection'] = [redis];
    const statuses = Object.values(checks).flatMap((list) => list.map((c) => c.status));
    return {
      status: statuses.includes('error') ? 'error' : statuses.includes('warn') ? 'warn' : 'ok',
      releaseId: this.config.version,
      serviceId: 'vellum',
      checks,
    };
  }

  /**
   * Redis away degrades Vellum (cache bypassed, counters per instance, instances not told of changes)
   * but does not stop it: warn. A PING, so a frozen Redis shows too; it waits REDIS_COMMAND_TIMEOUT at most.
   */
  private async checkRedis(): Promise<HealthCheck> {
    const base = { componentType: 'cache', observedUnit: 'ms', threshold: this.config.redisTimeouts.command };
    const elapsed = this.redis.reachable ? await this.redis.ping() : null;
    if (elapsed !== null) return { ...base, status: 'ok', observedValue: elapsed };
    return {
      ...base,
      status: 'warn',
      output: 'Redis is unreachable: the data cache is bypassed and login lockout and rate limits count per instance',
    };
  }

  private async checkDatabase(): Promise<HealthCheck> {
    const base = { componentType: 'datastore', observedUnit: 'ms', threshold: DB_RESPONSE_THRESHOLD_MS };
    const started = performance.now();
    try {
      if (!this.dataSource.isInitialized) throw new Error('The database connection is closed');
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('The database did not answer in time')), DB_CHECK_TIMEOUT_MS).unref(),
        ),
      ]);
      const elapsed = Math.round(performance.now() - started);
      return { ...base, status: elapsed > DB_RESPONSE_THRESHOLD_MS ? 'warn' : 'ok', observedValue: elapsed };
    } catch (e) {
      return { ...base, status: 'error', output: (e as Error).message };
    }
  }
}
