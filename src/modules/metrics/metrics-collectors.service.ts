import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../common/clock';
import { AppLogger } from '../../common/logging/app-logger';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { RedisService } from '../cache/redis.service';
import { JobsService } from '../utils/jobs.service';
import { METRIC_PREFIX, MetricsService } from '../../common/metrics/metrics.service';

/**
 * How long one count of svc_jobs serves the scrapes of this instance. The count groups the whole table,
 * which only grows (every import and export stays recorded), so its cost is bounded per time rather
 * than paid per scrape: several scrapers, or one scraping often, cost one count per period. A shorter
 * period than the usual scrape interval (15 s and more), so a scraper sees each job's state change.
 * Counters kept as jobs change would be cheaper but per instance, while the figure is the database's.
 */
const JOBS_COUNT_TTL_MS = 15_000;

type JobCounts = Awaited<ReturnType<JobsService['countByState']>>;

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
    @Inject(CLOCK) private readonly clock: Clock,
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
    const { logger } = this;
    const counts = this.jobCounts();
    new Gauge({
      name: `${METRIC_PREFIX}jobs`,
      help: 'Import and export jobs recorded in the database, by type and state',
      labelNames: ['type', 'state'],
      registers: [registry],
      async collect() {
        try {
          const latest = await counts();
          this.reset();
          for (const { type, status, count } of latest) this.set({ type, state: status }, count);
        } catch (err) {
          // A scrape must not fail with the database: the figures stay as last read.
          logger.debug({ err }, 'metrics: jobs could not be counted');
        }
      },
    });
  }

  /** The counts of svc_jobs, read at most once per JOBS_COUNT_TTL_MS; concurrent scrapes share one read. */
  private jobCounts(): () => Promise<JobCounts> {
    let last: { at: number; counts: Promise<JobCounts> } | undefined;
    return () => {
      const now = this.clock.now();
      if (last && now - last.at < JOBS_COUNT_TTL_MS) return last.counts;
      const current = { at: now, counts: this.jobs.countByState() };
      // A failed count is tried again at the next scrape.
      current.counts.catch(() => {
        if (last === current) last = undefined;
      });
      last = current;
      return current.counts;
    };
  }
}
