import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { NextFunction, Request, Response } from 'express';
import { parse as parseQueryString } from 'qs';
import { sendError } from './common/filters/send-error';
import { exportResponses } from './common/http/export-response.middleware';
import { parseQueryOnce } from './common/http/parse-query-once.middleware';
import { AppLogger } from './common/logging/app-logger';
import { requestLogger } from './common/logging/request-logger.middleware';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { OpenApiDocument } from './modules/server/openapi-document';

/** API.md 1.6: nested query objects (`filter[a][_eq]=1`) with the reference platform's limits. */
const QUERY_PARSE_OPTIONS = { depth: 10, arrayLimit: 500 };

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Vellum')
    .setDescription('Headless content platform: REST API. GraphQL system mutations are served at POST /graphql/system.')
    .setVersion(config.version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  return SwaggerModule.createDocument(app, options);
}

/** Everything main.ts and the test harness share: parsers, headers, logging, Swagger UI. */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = app.get(AppLogger);
  const http = app.getHttpAdapter().getInstance() as express.Express;

  http.disable('x-powered-by');
  http.set('query parser', (query: string) => parseQueryString(query, QUERY_PARSE_OPTIONS));
  http.set('trust proxy', 'loopback');
  app.use(requestLogger(logger));
  app.use(parseQueryOnce());
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Origin, Cache-Control');
    next();
  });
  app.use(cookieParser());
  app.use(express.json({ limit: config.maxPayloadSize, type: ['application/json', 'application/*+json'] }));
  app.use(exportResponses());
  // Body-parser failures happen before Nest's pipeline, so they get the standard error body here.
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    sendError(req, res, err, logger);
  });

  const document = buildOpenApiDocument(app, config);
  app.get(OpenApiDocument).document = document;
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    swaggerOptions: { persistAuthorization: true },
    customSiteTitle: 'Vellum API',
  });
}
