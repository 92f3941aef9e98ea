import type { INestApplication } from '@nestjs/common';
import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { registerExportResponses } from './common/http/export-response';
import { parseJsonBody } from './common/http/json-body';
import { registerRequestLogging } from './common/logging/request-logging';
import { AppLogger } from './common/logging/app-logger';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { OpenApiDocument } from './modules/server/openapi-document';

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Vellum')
    .setDescription('Headless content platform: REST API. GraphQL system mutations are served at POST /graphql/system.')
    .setVersion(config.version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  return SwaggerModule.createDocument(app, options);
}

/** `application/json` and `application/<anything>+json`, with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * JSON bodies (`application/json`, `application/*+json`) are parsed; every other body is left unread for
 * the routes that stream it themselves (multipart uploads, imports) and is no body for the others, as
 * the reference platform treats it.
 */
function registerBodyParsers(fastify: FastifyInstance, config: AppConfig): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    JSON_MEDIA_TYPE,
    { parseAs: 'buffer', bodyLimit: config.maxPayloadSize },
    (request, body: Buffer | string, done) => {
      try {
        done(null, parseJsonBody(body as Buffer, request.headers['content-encoding'], config.maxPayloadSize));
      } catch (e) {
        done(e as Error, undefined);
      }
    },
  );
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/** Everything main.ts and the test harness share: parsers, headers, logging, Swagger UI. */
export async function configureApp(app: NestFastifyApplication): Promise<void> {
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = app.get(AppLogger);
  const fastify = app.getHttpAdapter().getInstance();

  registerRequestLogging(fastify, logger);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers({ 'X-Request-Id': request.id, 'Cache-Control': 'no-cache', Vary: 'Origin, Cache-Control' });
    done();
  });
  await app.register(fastifyCookie);
  registerBodyParsers(fastify, config);
  registerExportResponses(fastify);

  const document = buildOpenApiDocument(app, config);
  app.get(OpenApiDocument).document = document;
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    swaggerOptions: { persistAuthorization: true },
    customSiteTitle: 'Vellum API',
  });
}
