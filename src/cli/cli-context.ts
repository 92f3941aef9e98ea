import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { AppLogger } from '../common/logging/app-logger';
import { loadConfig } from '../config/load-config';

/**
 * The application without HTTP, for command-line work: same configuration, migrations and first-admin
 * bootstrap as `npm start`. Logs go to stderr so stdout stays machine-readable.
 */
export async function withAppContext<T>(
  work: (app: INestApplicationContext) => Promise<T>,
  extraModules: Type[] = [],
): Promise<T> {
  const config = loadConfig(process.env);
  const logger = new AppLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const app = await NestFactory.createApplicationContext(AppModule.register(config, logger, extraModules), {
    logger,
    abortOnError: false,
  });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
