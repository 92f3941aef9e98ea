/**
 * Writes the README's configuration table from src/config/env-docs.ts (`npm run docs:env`), between its
 * two marker comments. `--check` compares instead and exits 1 when the README is stale (CI). Either way
 * it refuses to run while a variable of env.schema.ts has no entry, or an entry names no variable.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_DOCS } from '../src/config/env-docs';
import { envDocProblems, renderEnvTable, withEnvTable } from '../src/config/env-table';
import { knownVariables } from '../src/config/unknown-variables';
import { writeOrCheck } from './lib/write-or-check';

function main(): void {
  const problems = envDocProblems(ENV_DOCS, knownVariables());
  if (problems.length > 0) {
    process.stderr.write(
      `src/config/env-docs.ts does not match env.schema.ts:\n${problems.map((p) => `  ${p}\n`).join('')}`,
    );
    process.exit(1);
  }
  const file = join(__dirname, '..', 'README.md');
  writeOrCheck(
    file,
    withEnvTable(readFileSync(file, 'utf8'), renderEnvTable(ENV_DOCS)),
    "README's variable table",
    'npm run docs:env',
  );
}

main();
