#!/usr/bin/env node
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { AppError } from '../common/errors/app-error';
import { ConfigError } from '../config/load-config';
import { version } from '../../package.json';
import { withAppContext } from './cli-context';
import { CliError } from './cli-error';
import { registerDataCommands } from './data.command';
import { registerSchemaCommands } from './schema.command';
import { registerUsersCommands } from './users.command';

/** Exit codes a CI pipeline can rely on: 0 done, 1 failed, 2 wrong usage. */
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

function buildProgram(): Command {
  const program = new Command('vellum').version(version).description('Vellum command line').exitOverride();
  program
    .command('bootstrap')
    .description('Run migrations and create the first admin on an empty database')
    .action(async () => {
      await withAppContext(() => Promise.resolve());
      process.stdout.write('Database ready.\n');
    });
  registerUsersCommands(program);
  registerDataCommands(program);
  registerSchemaCommands(program);
  return program;
}

async function main(argv: string[]): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (e instanceof CliError || e instanceof ConfigError || e instanceof AppError) {
      process.stderr.write(`${e.message}\n`);
      return EXIT_FAILED;
    }
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_FAILED;
  }
}

// main answers every failure with an exit code, so its promise never rejects.
void main(process.argv).then((code) => process.exit(code));
