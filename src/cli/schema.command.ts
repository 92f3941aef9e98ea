import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Option, type Command } from 'commander';
import type { PlanStep } from '../modules/schema/lib/apply-plan';
import { serializeSnapshot } from '../modules/schema/lib/serialize-snapshot';
import { parseSchemaFile } from '../modules/schema/read-schema-body';
import { SchemaSyncService } from '../modules/schema/schema-sync.service';
import { withAppContext } from './cli-context';
import { CliError } from './cli-error';

function formatOf(file: string, format?: 'json' | 'yaml'): 'json' | 'yaml' {
  return format ?? (extname(file).toLowerCase() === '.json' ? 'json' : 'yaml');
}

function describe(step: PlanStep): string {
  return `${step.action} ${'field' in step ? `${step.collection}.${step.field}` : step.collection}`;
}

/** Asks on the terminal; without one there is nobody to answer, so only --yes may apply. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY)
    throw new CliError('Not applied: no terminal to confirm on; pass --yes to apply without asking.');
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

export function registerSchemaCommands(program: Command): void {
  const schema = program.command('schema').description('Snapshot the schema to a file, or apply a snapshot file');
  schema
    .command('snapshot')
    .description('Write the schema snapshot to a file')
    .addOption(
      new Option('--format <format>', 'file format (default: from the file extension, else yaml)').choices([
        'json',
        'yaml',
      ]),
    )
    .argument('<file>', 'where to write the snapshot')
    .action(async (file: string, options: { format?: 'json' | 'yaml' }) => {
      await withAppContext(async (app) => {
        const text = await serializeSnapshot(app.get(SchemaSyncService).snapshot(), formatOf(file, options.format));
        try {
          writeFileSync(file, text);
        } catch (e) {
          throw new CliError(`Can't write ${file}: ${(e as Error).message}`);
        }
        process.stdout.write(`Snapshot written to ${file}.\n`);
      });
    });
  schema
    .command('apply')
    .description('Bring the schema to the state of a snapshot file (JSON or YAML)')
    .option('--dry-run', 'print the ordered steps and change nothing')
    .option('-y, --yes', 'apply without asking for confirmation')
    .argument('<file>', 'the snapshot file')
    .action(async (file: string, options: { dryRun?: boolean; yes?: boolean }) => {
      if (!existsSync(file)) throw new CliError(`No file ${file}.`);
      const target = await parseSchemaFile(
        readFileSync(file, 'utf8'),
        extname(file).toLowerCase() === '.json' ? 'application/json' : 'text/yaml',
      );
      await withAppContext(async (app) => {
        const sync = app.get(SchemaSyncService);
        const current = sync.snapshot();
        const diff = sync.diff(target, { force: true, mode: 'mirror' });
        const from = target as { platform?: unknown; vendor?: unknown };
        if (from.platform !== current.platform || from.vendor !== current.vendor) {
          process.stderr.write(
            `Warning: the snapshot comes from version ${String(from.platform)} on ${String(from.vendor)}; this instance runs ${current.platform} on ${current.vendor}.\n`,
          );
        }
        if (!diff) {
          process.stdout.write('No changes to apply.\n');
          return;
        }
        const plan = await sync.apply(diff, { force: false, dryRun: true });
        process.stdout.write(plan.map((step) => `${describe(step)}\n`).join(''));
        if (options.dryRun) return;
        if (!options.yes && !(await confirm(`Apply these ${plan.length} changes?`))) throw new CliError('Not applied.');
        await sync.apply(diff, { force: false, dryRun: false });
        process.stdout.write(`Applied ${plan.length} changes.\n`);
      });
    });
}
