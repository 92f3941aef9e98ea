import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, AppConfig, MeasuredService } from '../../config/app-config';
import { requestLabels } from './request-labels';

/** Every Vellum metric starts so, as the reference's start with `directus_`. */
export const METRIC_PREFIX = 'vellum_';

const LABELS = ['method', 'route', 'status'] as const;

interface Recorders {
  requests: Counter<(typeof LABELS)[number]>;
  durations: Histogram<(typeof LABELS)[number]>;
  cacheHits: Counter;
  cacheMisses: Counter;
  uploadBytes: Counter;
  queryErrors: Counter;
}

/**
 * The metrics of this instance (METRICS_ENABLED), in a registry of its own: each instance is scraped on
 * its own, as Prometheus expects, and several applications in one process (the tests) do not mix.
 * Everything records through here, and does nothing when metrics are off.
 */
@Injectable()
export class MetricsService {
  readonly registry: Registry | null;
  private readonly recorders: Recorders | null;
  private readonly services: ReadonlySet<MeasuredService>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.services = new Set(config.metrics.services);
    if (!config.metrics.enabled) {
      this.registry = null;
      this.recorders = null;
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    this.registry = registry;
    this.recorders = this.createRecorders(registry);
  }

  get enabled(): boolean {
    return this.registry !== null;
  }

  /** Whether METRICS_SERVICES lists `service` (and metrics are on). */
  measures(service: MeasuredService): boolean {
    return this.enabled && this.services.has(service);
  }

  private createRecorders(registers: Registry): Recorders {
    const counter = (name: string, help: string) =>
      new Counter({ name: `${METRIC_PREFIX}${name}`, help, registers: [registers] });
    return {
      requests: new Counter({
        name: `${METRIC_PREFIX}http_requests_total`,
        help: 'HTTP requests answered, by route template and status',
        labelNames: LABELS,
        registers: [registers],
      }),
      durations: new Histogram({
        name: `${METRIC_PREFIX}http_request_duration_seconds`,
        help: 'Time from a request to the end of its answer, by route template and status',
        labelNames: LABELS,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registers],
      }),
      cacheHits: counter('cache_hits_total', 'Reads answered from the data cache'),
      cacheMisses: counter('cache_misses_total', 'Reads the data cache did not hold'),
      uploadBytes: counter('upload_bytes_total', 'Bytes of file content stored by uploads, replacements and imports'),
      queryErrors: counter('db_query_errors_total', 'Database statements that failed'),
    };
  }

  /** Express middleware that counts and times every answer; null when metrics are off (no cost per request). */
  requestMeasurer(): ((req: Request, res: Response, next: NextFunction) => void) | null {
    const recorders = this.recorders;
    if (!recorders) return null;
    return (req, res, next) => {
      const started = performance.now();
      res.once('finish', () => {
        const labels = requestLabels(req, res.statusCode);
        recorders.requests.inc(labels);
        recorders.durations.observe(labels, (performance.now() - started) / 1000);
      });
      next();
    };
  }

  cacheLookup(hit: boolean): void {
    if (this.measures('cache')) (hit ? this.recorders!.cacheHits : this.recorders!.cacheMisses).inc();
  }

  uploaded(bytes: number): void {
    if (this.measures('storage')) this.recorders!.uploadBytes.inc(bytes);
  }

  queryFailed(): void {
    if (this.measures('database')) this.recorders!.queryErrors.inc();
  }
}
