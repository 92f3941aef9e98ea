import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { Counter, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { CronSchedule, nextRun, parseCron } from '../../config/cron';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CacheService } from '../cache/cache.service';
import { RedisService } from '../cache/redis.service';
import { StorageService } from '../files/storage/storage.service';
import { METRIC_PREFIX, MetricsService } from '../../common/metrics/metrics.service';

/** setTimeout's longest delay; a later run is reached in several waits. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** Written and removed again in each storage location by its check. */
const STORAGE_PROBE_KEY = 'vellum-metrics-probe';

/** A storage location's name as a metric name may carry it. */
const metricName = (name: string) => name.replace(/[^a-zA-Z0-9_]/g, '_');

interface Check {
  run(): Promise<void>;
}

/**
 * The reference platform's connection checks, run on METRICS_SCHEDULE for the services METRICS_SERVICES
 * lists: each failure adds one to the service's `<prefix><service>_connection_errors`, and the database's
 * answer time goes to `<prefix>db_<client>_response_time_ms`. A run still going when the next is due
 * is not doubled.
 */
@Injectable()
export class ServiceChecks implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private running?: Promise<void>;
  private checks: Check[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: CacheService,
    private readonly redis: RedisService,
    private readonly storage: StorageService,
  ) {}

  onApplicationBootstrap(): void {
    const registry = this.metrics.registry;
    if (!registry) return;
    this.checks = this.createChecks(registry);
    if (this.checks.length > 0) this.plan(parseCron(this.config.metrics.schedule));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Runs every check once (the schedule calls it; so may a test). */
  runOnce(): Promise<void> {
    this.running ??= Promise.all(this.checks.map((check) => check.run())).then(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private plan(schedule: CronSchedule): void {
    const due = nextRun(schedule, new Date()).getTime();
    const wait = () => {
      if (this.stopped) return;
      const left = due - Date.now();
      if (left > 0) {
        this.timer = setTimeout(wait, Math.min(left, MAX_DELAY_MS)).unref();
        return;
      }
      void this.runOnce();
      this.plan(schedule);
    };
    wait();
  }

  private createChecks(registry: Registry): Check[] {
    const errors = (service: string, help: string) =>
      new Counter({ name: `${METRIC_PREFIX}${service}_connection_errors`, help, registers: [registry] });
    const checks: Check[] = [];
    if (this.metrics.measures('database')) checks.push(this.databaseCheck(registry, errors));
    const { cache } = this.config;
    if (this.metrics.measures('cache') && cache.enabled) {
      const counter = errors(`cache_${cache.store}`, 'Data cache connection error count');
      checks.push({ run: () => this.cache.probe().catch(() => counter.inc()) });
    }
    if (this.metrics.measures('redis') && this.redis.configured) {
      const counter = errors('redis', 'Redis connection error count');
      checks.push({ run: async () => void (this.redis.reachable || counter.inc()) });
    }
    if (this.metrics.measures('storage')) {
      for (const location of this.storage.names) {
        const counter = errors(`storage_${metricName(location)}`, `${location} storage connection error count`);
        checks.push({ run: () => this.probeStorage(location).catch(() => counter.inc()) });
      }
    }
    return checks;
  }

  private databaseCheck(registry: Registry, errors: (service: string, help: string) => Counter): Check {
    const client = this.config.db.client;
    const counter = errors(`db_${client}`, `${client} database connection error count`);
    const responseTime = new Histogram({
      name: `${METRIC_PREFIX}db_${client}_response_time_ms`,
      help: `${client} database response time`,
      buckets: [1, 10, 20, 40, 60, 80, 100, 200, 500, 750, 1000],
      registers: [registry],
    });
    return {
      run: async () => {
        const started = performance.now();
        try {
          await this.dataSource.query('SELECT 1');
          responseTime.observe(performance.now() - started);
        } catch {
          counter.inc();
        }
      },
    };
  }

  private async probeStorage(location: string): Promise<void> {
    const driver = this.storage.location(location);
    await driver.put(STORAGE_PROBE_KEY, Readable.from([String(Date.now())]), 'text/plain');
    await driver.delete(STORAGE_PROBE_KEY);
  }
}
