import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { parse as parseQueryString } from 'qs';
import { sendError } from './common/filters/send-error';
import { answerClientErrors } from './common/http/client-error';
import { denyFramingMiddleware } from './common/http/frame-guard';
import { jsonBody } from './common/http/json-body-middleware';
import { requestSetup } from './common/http/request-setup';
import { rootRedirect } from './common/http/root-redirect';
import { AppLogger } from './common/logging/app-logger';
import { openApiConfig } from './common/openapi/document-config';
import { finishOpenApiDocument } from './common/openapi/finish-document';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { MetricsService } from './common/metrics/metrics.service';
import { OpenApiDocument } from './modules/server/openapi-document';

/**
 * API.md 1.6: nested query objects (`filter[a][_eq]=1`) with the reference platform's limits. Null-prototype
 * objects, so a key named as an Object.prototype member is kept and refused like its JSON form, not dropped.
 */
const QUERY_PARSE_OPTIONS = { depth: 10, arrayLimit: 500, plainObjects: true };

/** The system document (openapi.json): the decorators of every controller, the shared components, servers from PUBLIC_URL. */
export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  return finishOpenApiDocument(SwaggerModule.createDocument(app, openApiConfig(config)));
}

/**
 * Express settings that cost time on every answer and that no client of Vellum uses: a weak ETag hashed
 * from every JSON body (reads are `no-cache` and the reference's SDK sends no If-None-Match), and the
 * `X-Powered-By` banner. Routing stays Express's lenient default that the reference platform's clients
 * rely on: case-insensitive paths and an ignored trailing slash.
 */
function configureExpress(app: NestExpressApplication): void {
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', (query: string) => parseQueryString(query, QUERY_PARSE_OPTIONS));
  app.set('trust proxy', 'loopback');
}

/** Everything main.ts and the test harness share: parsers, headers, logging, Swagger UI. */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = app.get(AppLogger);

  configureExpress(app);
  answerClientErrors(app.getHttpServer());
  app.use(requestSetup(logger));
  const measureRequests = app.get(MetricsService).requestMeasurer();
  if (measureRequests) app.use(measureRequests);
  // Nest's enableCors mounts the `cors` middleware here, before every route; it answers preflights.
  const { enabled: corsEnabled, ...corsOptions } = config.cors;
  if (corsEnabled) app.enableCors(corsOptions);
  if (config.rootRedirect !== null) app.use(rootRedirect(config.rootRedirect));
  app.use(jsonBody(config.maxPayloadSize));
  // Failures before Nest's pipeline (the body, `?export=`) get the standard error body here.
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    sendError(req, res, err, logger);
  });

  const document = buildOpenApiDocument(app, config);
  app.get(OpenApiDocument).document = document;
  app.use('/docs', denyFramingMiddleware);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    swaggerOptions: { persistAuthorization: true },
    customSiteTitle: 'Vellum API',
  });
}
