import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A generated file's two uses: written (`npm run <script>`), or with `--check` compared with what is
 * committed, exiting 1 when it is stale (CI). `what` names it in both messages.
 */
export function writeOrCheck(file: string, text: string, what: string, command: string): void {
  if (process.argv.includes('--check')) {
    if (readFileSync(file, 'utf8') !== text) {
      process.stderr.write(`${what} is stale: run \`${command}\` and commit the result.\n`);
      process.exit(1);
    }
    process.stdout.write(`${what} is up to date.\n`);
    return;
  }
  writeFileSync(file, text);
  process.stdout.write(`wrote ${what}\n`);
}
