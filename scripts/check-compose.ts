/**
 * Validates docker-compose.yml without Docker (`npm run check:compose`, CI): the Compose specification's
 * JSON schema (scripts/compose-spec) and Vellum's own rules (scripts/lib/compose-rules.ts). Exits 1 with
 * every problem named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ComposeFile, composeProblems } from './lib/compose-rules';

const path = process.argv[2] ?? join(__dirname, '..', 'docker-compose.yml');
const problems = composeProblems(parse(readFileSync(path, 'utf8')) as ComposeFile);
if (problems.length > 0) {
  process.stderr.write(`${path} is not valid:\n  - ${problems.join('\n  - ')}\n`);
  process.exit(1);
}
process.stdout.write(`${path} is valid against the Compose specification and Vellum's rules.\n`);
