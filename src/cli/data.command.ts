import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Presets, SingleBar } from 'cli-progress';
import { Command, InvalidArgumentError } from 'commander';
import { AppError, AppErrorList } from '../common/errors/app-error';
import { isPlainObject } from '../common/is-plain-object';
import type { ExportFormat } from '../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ItemsFactory } from '../modules/items/items.factory';
import { DataExportService } from '../modules/utils/data-export.service';
import { DataImportService } from '../modules/utils/data-import.service';
import { parseExportQuery } from '../modules/utils/lib/export-query';
import { EXPORT_FORMATS, isExportFormat } from '../common/export/export-formats';
import type { ImportFormat } from '../modules/utils/lib/import-rows';
import type { RowsRef } from '../modules/utils/lib/import-errors';
import { withAppContext } from './cli-context';
import { CliError } from './cli-error';

const IMPORT_EXTENSIONS: Record<string, ImportFormat> = {
  '.json': 'json',
  '.csv': 'csv',
  '.tsv': 'csv',
  '.txt': 'csv',
};
const EXPORT_EXTENSIONS: Record<string, ExportFormat> = {
  '.json': 'json',
  '.csv': 'csv',
  '.xml': 'xml',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

function choice<T extends string>(allowed: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(allowed as readonly string[]).includes(value))
      throw new InvalidArgumentError(`Allowed: ${allowed.join(', ')}.`);
    return value as T;
  };
}

/** A progress bar on stderr, so stdout stays for the summary line; rows per second and ETA. */
function progressBar(unit: string): SingleBar {
  return new SingleBar(
    {
      stream: process.stderr,
      format: `{bar} {percentage}% | {rows} rows | {speed} rows/s | ETA {eta_formatted}`,
      noTTYOutput: true,
      notTTYSchedule: 1000,
      etaBuffer: 50,
      hideCursor: true,
      formatValue: (value, _options, type) =>
        type === 'value' || type === 'total' ? `${value}${unit}` : String(value),
    },
    Presets.shades_classic,
  );
}

function lines(refs: RowsRef[]): string {
  return refs.map((r) => (r.type === 'range' ? `${r.start}-${r.end}` : r.rows.join(', '))).join(', ');
}

/** Import errors as lines a person can act on: code, message and the lines of the file. */
function describeFailure(e: unknown): unknown {
  const errors = e instanceof AppErrorList ? e.errors : e instanceof AppError ? [e] : null;
  if (!errors) return e;
  const text = errors.map((error) => {
    const rows = (error.extensions as { rows?: RowsRef[] } | undefined)?.rows;
    return `${error.code}: ${error.message}${rows ? ` (line ${lines(rows)})` : ''}`;
  });
  return new CliError(`Nothing was imported.\n${text.join('\n')}`);
}

function rate(rows: number, started: number): string {
  const seconds = (Date.now() - started) / 1000;
  return `${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001))} rows/s)`;
}

async function importFile(
  collection: string,
  file: string,
  options: { format?: ImportFormat },
  command: Command,
): Promise<void> {
  const format = options.format ?? IMPORT_EXTENSIONS[extname(file).toLowerCase()];
  if (!format) command.error(`Cannot tell the format of "${file}": use --format json|csv.`, { exitCode: 2 });
  const size = (await stat(file).catch(() => null))?.size;
  if (size === undefined) throw new CliError(`No file "${file}".`);
  await withAppContext(async (app) => {
    const source = createReadStream(file);
    const bar = progressBar(' B');
    const started = Date.now();
    bar.start(size, 0, { rows: 0, speed: 0 });
    let rows: number;
    try {
      rows = await app.get(DataImportService).importStream(collection, null, format, source, (done) => {
        bar.update(source.bytesRead, {
          rows: done,
          speed: Math.round(done / Math.max((Date.now() - started) / 1000, 0.001)),
        });
      });
      bar.update(size, { rows });
    } catch (e) {
      throw describeFailure(e);
    } finally {
      bar.stop();
    }
    process.stdout.write(`Imported ${rate(rows, started)}.\n`);
  });
}

async function exportFile(
  collection: string,
  file: string,
  options: { format?: ExportFormat; query: string },
  command: Command,
): Promise<void> {
  const format = options.format ?? EXPORT_EXTENSIONS[extname(file).toLowerCase()];
  if (!format || !isExportFormat(format))
    command.error(`Cannot tell the format of "${file}": use --format.`, { exitCode: 2 });
  let raw: unknown;
  try {
    raw = JSON.parse(options.query);
  } catch {
    raw = null;
  }
  if (!isPlainObject(raw)) command.error('--query must be a JSON object.', { exitCode: 2 });
  await withAppContext(async (app) => {
    const query = parseExportQuery(raw, app.get<AppConfig>(APP_CONFIG).query);
    const total =
      (await app.get(ItemsFactory).for(collection, null).getMeta(query, ['filter_count'])).filter_count ?? 0;
    const limited = query.limit !== undefined && query.limit >= 0 ? Math.min(total, query.limit) : total;
    const bar = progressBar('');
    const started = Date.now();
    bar.start(limited, 0, { rows: 0, speed: 0 });
    let rows = 0;
    try {
      const chunks = app.get(DataExportService).serialize(collection, null, format, query, (done) => {
        rows = done;
        bar.update(done, { rows: done, speed: Math.round(done / Math.max((Date.now() - started) / 1000, 0.001)) });
      });
      await pipeline(Readable.from(chunks), createWriteStream(file));
    } finally {
      bar.stop();
    }
    process.stdout.write(`Exported ${rate(rows, started)} to ${file}.\n`);
  });
}

export function registerDataCommands(program: Command): void {
  program
    .command('import')
    .description(
      'Import a JSON array or CSV file into a collection, all rows or none (rows with an existing key update it)',
    )
    .argument('<collection>', 'collection to import into')
    .argument('<file>', 'file to read (.json, .csv)')
    .option('--format <format>', 'json or csv (default: from the file extension)', choice(['json', 'csv'] as const))
    .action(importFile);

  program
    .command('export')
    .description('Export the items of a collection to a file')
    .argument('<collection>', 'collection to export')
    .argument('<file>', 'file to write')
    .option(
      '--format <format>',
      `${EXPORT_FORMATS.join(', ')} (default: from the file extension)`,
      choice(EXPORT_FORMATS),
    )
    .option('--query <json>', 'read query as JSON, as on GET /items (fields, filter, sort, limit)', '{}')
    .action(exportFile);
}
