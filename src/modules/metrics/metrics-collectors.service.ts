import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { AppLogger } from '../../common/logging/app-logger';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { RedisService } from '../cache/redis.service';
import { JobsService } from '../utils/jobs.service';
import { METRIC_PREFIX, MetricsService } from '../../common/metrics/metrics.service';

/**
 * Figures read when the registry is scraped rather than counted as they happen: the database pool,
 * whether Redis is reachable, and the jobs by state. Also counts failed statements, which TypeORM
 * reports to its logger.
 */
@Injectable()
export class MetricsCollectors implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DIALECT) private readonly dialect: Dialect,
    private readonly redis: RedisService,
    private readonly jobs: JobsService,
    private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    const registry = this.metrics.registry;
    if (!registry) return;
    if (this.metrics.measures('database')) {
      this.countFailedStatements();
      this.poolGauge(registry);
    }
    if (this.metrics.measures('redis') && this.redis.configured) this.redisGauge(registry);
    this.jobsGauge(registry);
  }

  private countFailedStatements(): void {
    const logger = this.dataSource.logger;
    const logQueryError = logger.logQueryError.bind(logger);
    logger.logQueryError = (...args) => {
      this.metrics.queryFailed();
      return logQueryError(...args) as unknown;
    };
  }

  private poolGauge(registry: Registry): void {
    const { dataSource, dialect } = this;
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'Connections of the database pool, in use and idle (not on SQLite, which has one connection)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = dataSource.isInitialized ? dialect.poolStats(dataSource.driver) : null;
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.inUse);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
  }

  private redisGauge(registry: Registry): void {
    const { redis } = this;
    new Gauge({
      name: `${METRIC_PREFIX}redis_up`,
      help: '1 while every Redis connection of this instance is ready, 0 while Redis is unreachable',
      registers: [registry],
      collect() {
        this.set(redis.reachable ? 1 : 0);
      },
    });
  }

  /** Jobs of the whole database (svc_jobs), so the same on every instance: aggregate with max, not sum. */
  private jobsGauge(registry: Registry): void {
    const { jobs, logger } = this;
    new Gauge({
      name: `${METRIC_PREFIX}jobs`,
      help: 'Import and export jobs recorded in the database, by type and state',
      labelNames: ['type', 'state'],
      registers: [registry],
      async collect() {
        try {
          const counts = await jobs.countByState();
          this.reset();
          for (const { type, status, count } of counts) this.set({ type, state: status }, count);
        } catch (err) {
          // A scrape must not fail with the database: the figures stay as last read.
          logger.debug({ err }, 'metrics: jobs could not be counted');
        }
      },
    });
  }
}
