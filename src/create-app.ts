import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import type { Clock } from './common/clock';
import { enterCallerScopeOnRoutes } from './common/http/route-caller-scope';
import { indexRoutesByFirstSegment, RouterLike } from './common/http/route-index';
import { VellumExpressAdapter } from './common/http/vellum-express-adapter';
import { AppLogger } from './common/logging/app-logger';
import type { AppConfig } from './config/app-config';
import { configureApp } from './configure-app';

/**
 * Builds and configures the application without listening: used by main.ts, the test harness and
 * scripts. Signals are main.ts's business (a graceful drain), not Nest's shutdown hooks, which would
 * close Redis and the database before the HTTP server and end the process by the signal (exit 143).
 * `clock` is the test harness's, which moves time forward; the server itself always runs on the system's.
 */
export async function createApp(
  config: AppConfig,
  logger = new AppLogger(config.logLevel, undefined, config.logFormat),
  extraModules: Type[] = [],
  clock?: Clock,
): Promise<NestExpressApplication> {
  // Before anything else starts, so the warning is near the top of the log.
  for (const { name, nearest, message } of config.unknownVariables) logger.warn({ variable: name, nearest }, message);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register(config, logger, extraModules, clock),
    new VellumExpressAdapter(),
    {
      bodyParser: false,
      logger,
      abortOnError: false,
    },
  );
  configureApp(app);
  await app.init();
  // Nest adds its routes in init(): they are indexed once they are all there.
  const router = (app.getHttpAdapter().getInstance() as { router: RouterLike }).router;
  enterCallerScopeOnRoutes(router);
  indexRoutesByFirstSegment(router);
  return app;
}
