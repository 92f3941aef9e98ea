import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { RequestDrain } from './common/http/request-drain';
import { AppLogger } from './common/logging/app-logger';
import type { AppConfig } from './config/app-config';
import { ConfigError, loadConfig } from './config/load-config';
import { createApp } from './create-app';
import { DatabaseStartupError, waitForDatabase } from './database/wait-for-database';

/** How long closing the database, Redis and the rest may take after the requests are done. */
const CLOSE_LIMIT_MS = 5000;

/**
 * SIGTERM or SIGINT: no new connections; requests in flight get SERVER_SHUTDOWN_TIMEOUT to finish,
 * then their connections are cut; app.close() fails the jobs of this process and closes Redis and the
 * database. A second signal ends the process at once (the handlers are registered once).
 */
function stopOnSignals(app: INestApplication, drain: RequestDrain, config: AppConfig, logger: AppLogger): void {
  const stop = async (signal: NodeJS.Signals) => {
    const limit = config.shutdownTimeout;
    logger.info(
      { signal, inFlight: drain.inFlight },
      `${signal} received: shutting down, no new connections; requests in flight get ${limit} ms to finish`,
    );
    if (!(await drain.drain(limit)))
      logger.warn(
        { inFlight: drain.inFlight },
        'requests still running after SERVER_SHUTDOWN_TIMEOUT: their connections are closed',
      );
    drain.cut();
    setTimeout(() => {
      logger.error(`could not close the database and Redis connections within ${CLOSE_LIMIT_MS} ms; exiting anyway`);
      process.exit(1);
    }, CLOSE_LIMIT_MS).unref();
    try {
      await app.close();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('Vellum stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s: NodeJS.Signals) => void stop(s));
}

async function main(): Promise<void> {
  // An optional .env beside the process; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const logger = new AppLogger(config.logLevel, undefined, config.logFormat);
  await waitForDatabase(config, logger);
  const app = await createApp(config, logger);
  const drain = new RequestDrain(app.getHttpServer());
  stopOnSignals(app, drain, config, logger);
  await app.listen(config.port, config.host);
  process.stdout.write(
    `Vellum ${config.version} listening on http://${config.host}:${config.port} (database: ${config.db.client})\n`,
  );
}

main().catch((e: unknown) => {
  // The operator's own message, without a stack that says nothing more.
  const detail =
    e instanceof DatabaseStartupError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
  process.stderr.write(`Vellum failed to start: ${detail}\n`);
  process.exit(1);
});
