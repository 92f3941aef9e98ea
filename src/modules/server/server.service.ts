import { Inject, Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SettingsService } from '../settings/settings.service';
import { HealthReport, HealthService } from './health.service';
import { LiveSpecService } from './live-spec.service';

@Injectable()
export class ServerService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly healthService: HealthService,
    private readonly settings: SettingsService,
    private readonly liveSpec: LiveSpecService,
  ) {}

  /** Vellum's decision (API.md table): `{ status }` for anyone, details for admins only. */
  async health(acc: Accountability): Promise<HealthReport | { status: HealthReport['status'] }> {
    const report = await this.healthService.report();
    return acc.admin ? report : { status: report.status };
  }

  async info(acc: Accountability) {
    const s = await this.settings.read();
    const project = {
      project_name: s.project_name,
      project_descriptor: s.project_descriptor,
      project_logo: s.project_logo,
      project_color: s.project_color,
      default_language: s.default_language,
      public_foreground: s.public_foreground,
      public_background: s.public_background,
      public_favicon: s.public_favicon,
      public_note: s.public_note,
      custom_css: s.custom_css,
    };
    if (!acc.user) return { project };
    const { rateLimiter, query, files } = this.config;
    return {
      project,
      version: this.config.version,
      rateLimit: rateLimiter.enabled ? { points: rateLimiter.points, duration: rateLimiter.duration } : false,
      rateLimitGlobal: false,
      queryLimit: { default: query.limitDefault, max: query.limitMax ?? -1 },
      uploads: {
        maxSize: files.maxUploadSize ?? null,
        tus: files.tus.enabled,
        ...(files.tus.enabled && { chunkSize: files.tus.chunkSize }),
      },
      websocket: this.websocketInfo(),
    };
  }

  /** The reference's `websocket` block: false when off, else each socket's auth mode and path, and the heartbeat. */
  private websocketInfo() {
    const { enabled, rest, graphql, heartbeat } = this.config.websockets;
    if (!enabled) return false;
    return {
      rest: rest.enabled ? { authentication: rest.auth, path: rest.path } : false,
      graphql: graphql.enabled ? { authentication: graphql.auth, path: graphql.path } : false,
      heartbeat: heartbeat.enabled ? heartbeat.period / 1000 : false,
      logs: false,
    };
  }

  /** The system document plus the caller's own collections. */
  openApi(acc: Accountability) {
    return this.liveSpec.forCaller(acc);
  }
}
