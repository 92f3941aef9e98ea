import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { AppLogger } from './common/logging/app-logger';
import { ConfigError, loadConfig } from './config/load-config';
import { createApp } from './create-app';
import { DatabaseStartupError, waitForDatabase } from './database/wait-for-database';

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
  await app.listen(config.port, config.host);
  process.stdout.write(`Vellum ${config.version} listening on http://${config.host}:${config.port} (database: ${config.db.client})\n`);
}

main().catch((e: unknown) => {
  // The operator's own message, without a stack that says nothing more.
  const detail = e instanceof DatabaseStartupError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
  process.stderr.write(`Vellum failed to start: ${detail}\n`);
  process.exit(1);
});
