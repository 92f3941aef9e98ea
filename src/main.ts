import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/load-config';
import { createApp } from './create-app';

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
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  process.stdout.write(`Vellum ${config.version} listening on http://${config.host}:${config.port} (database: ${config.db.client})\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`Vellum failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
