/**
 * Writes openapi.json from the code (`npm run openapi`), keys sorted so diffs stay readable.
 * `--check` compares instead and exits 1 when the committed file is stale (CI).
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { AppLogger } from '../src/common/logging/app-logger';
import { APP_CONFIG } from '../src/config/app-config';
import { loadConfig } from '../src/config/load-config';
import { buildOpenApiDocument } from '../src/configure-app';
import { createApp } from '../src/create-app';
import { writeOrCheck } from './lib/write-or-check';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function main(): Promise<void> {
  const config = loadConfig({
    DB_CLIENT: 'sqlite',
    DB_FILENAME: ':memory:',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'openapi-generation-only',
    HASH_MEMORY_COST: '4096',
    HASH_TIME_COST: '1',
  });
  const app = await createApp(config, new AppLogger('silent'));
  const document = buildOpenApiDocument(app, app.get(APP_CONFIG));
  await app.close();
  const text = `${JSON.stringify(sortKeys(document), null, 2)}\n`;
  writeOrCheck(join(__dirname, '..', 'openapi.json'), text, 'openapi.json', 'npm run openapi');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
