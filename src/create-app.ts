import type { Duplex } from 'node:stream';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'qs';
import { AppModule } from './app.module';
import { InvalidPayloadError } from './common/errors/errors';
import { sendError } from './common/filters/send-error';
import { answerClientError } from './common/http/client-error';
import { AppLogger } from './common/logging/app-logger';
import { requestId } from './common/logging/request-logging';
import type { AppConfig } from './config/app-config';
import { configureApp } from './configure-app';

/** API.md 1.6: nested query objects (`filter[a][_eq]=1`) with the reference platform's limits. */
const QUERY_PARSE_OPTIONS = { depth: 10, arrayLimit: 500 };

/** Node's own default, which Fastify would otherwise turn off: a request must arrive whole within 5 minutes. */
const REQUEST_TIMEOUT_MS = 300_000;

/**
 * Fastify rather than Express: the HTTP layer is most of the cost of a simple read (an empty Nest app
 * answers about four times as many requests per second on Fastify). Routing keeps Express's leniency,
 * which the reference platform's clients rely on: case-insensitive paths, a trailing slash ignored, and
 * string primary keys of any length in path parameters.
 */
function httpAdapter(config: AppConfig, logger: AppLogger): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.maxPayloadSize,
    trustProxy: 'loopback',
    requestTimeout: REQUEST_TIMEOUT_MS,
    genReqId: requestId,
    routerOptions: {
      querystringParser: (query: string) => parseQueryString(query, QUERY_PARSE_OPTIONS),
      ignoreTrailingSlash: true,
      caseSensitive: false,
      maxParamLength: 10_000,
    },
    clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
      answerClientError(err, socket, REQUEST_TIMEOUT_MS);
    },
    // A path that does not percent-decode (`/items/%ZZ`) fails in the router, before Nest: 400 as Express did.
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      sendError(request, reply, new InvalidPayloadError(error.message), logger);
    },
  });
}

/** Builds and configures the application without listening: used by main.ts, the test harness and scripts. */
export async function createApp(
  config: AppConfig,
  logger = new AppLogger(config.logLevel),
  extraModules: Type[] = [],
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config, logger, extraModules), httpAdapter(config, logger), {
    bodyParser: false,
    logger,
    abortOnError: false,
  });
  app.enableShutdownHooks();
  await configureApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
