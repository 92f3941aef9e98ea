import { Controller, Get, Headers, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiDoc } from '../../common/openapi/operation';
import { ApiAuth } from '../../common/openapi/security';
import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ForbiddenError, RouteNotFoundError } from '../../common/errors/errors';
import { requestPath } from '../../common/filters/send-error';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { hasMetricsToken } from './lib/metrics-token';
import { MetricsService } from '../../common/metrics/metrics.service';

@ApiTags('Server')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The reference platform's metrics endpoint: for administrators and for `Authorization: Metrics <token>`
   * with a token of METRICS_TOKENS; FORBIDDEN for anyone else. Without METRICS_ENABLED the route does not exist.
   */
  @Get()
  @ApiDoc({
    id: 'readMetrics',
    summary: 'Read the Prometheus metrics',
    description:
      "This instance's metrics in the Prometheus text format, for administrators and for `Authorization: Metrics <token>` with a token of METRICS_TOKENS (403 FORBIDDEN for anyone else). 404 when METRICS_ENABLED is not true.",
  })
  @ApiProduces('text/plain')
  @ApiAuth()
  @ApiSecurity('metricsToken')
  @ApiErrors(403, 404)
  @ApiOkResponse({
    description: "This instance's metrics in the Prometheus text format.",
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  async read(
    @Acc() acc: Accountability,
    @Headers('authorization') authorization: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const registry = this.metrics.registry;
    if (!registry) throw new RouteNotFoundError(requestPath(req));
    if (!acc.admin && !hasMetricsToken(authorization, this.config.metrics.tokens)) throw new ForbiddenError();
    const text = await registry.metrics();
    // end(), not send(): Express would rewrite the exposition format's media type.
    res.status(200).setHeader('Content-Type', registry.contentType).end(text);
  }
}
