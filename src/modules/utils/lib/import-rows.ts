import Papa from 'papaparse';
import { jsonShapeReason } from '../../../common/http/json-body';
import { prototypeKeyReason, prototypeSegment } from '../../../common/prototype-keys';
import { JsonArrayScanner } from './json-array-scanner';
import { lineError } from './line-error';

export type ImportFormat = 'json' | 'csv';

/** One record of an import file: `row` counts records from 1, `line` is where the record starts in the file. */
export interface ImportRow {
  row: number;
  line: number;
  data: Record<string, unknown>;
}

type Chunk = Buffer | Uint8Array | string;

/** API.md 2.2: the file part's own media type selects the parser; anything else is unsupported. */
export function importFormatOf(mediaType: string | undefined): ImportFormat | null {
  const type = (mediaType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv' || type === 'application/vnd.ms-excel') return 'csv';
  return null;
}

/**
 * Reads an import file record by record, holding one piece of the file in memory at a time, whatever
 * its size. JSON: a top-level array of objects. CSV: a header row, `,` `;` or tab detected from it.
 * UTF-8 with or without BOM. Malformed input is INVALID_PAYLOAD naming the line.
 */
export async function* readImportRows(
  source: AsyncIterable<Chunk>,
  format: ImportFormat,
  options: ImportRowsOptions = {},
): AsyncGenerator<ImportRow> {
  for await (const rows of readImportBatches(source, format, options)) yield* rows;
}

/**
 * readImportRows by the rows each piece of the file completes: one wait per piece rather than per row.
 * A record holding a key that leads to a prototype (a JSON member, a CSV column, a JSON cell) is refused
 * by line before anything writes or merges it.
 */
export function readImportBatches(
  source: AsyncIterable<Chunk>,
  format: ImportFormat,
  options: ImportRowsOptions = {},
): AsyncGenerator<ImportRow[]> {
  return format === 'json' ? readJsonRows(source) : readCsvRows(source, options.csvColumn ?? (() => csvCellValue));
}

/**
 * The reader of a CSV column's non-empty cells, `path` being its header split on dots; asked once per
 * column, so per-column work (finding the field's type) is not repeated per row.
 */
export type CsvColumnReader = (path: string[]) => (text: string) => unknown;

export interface ImportRowsOptions {
  /** Converts CSV cells, for instance by the type of the field each column names. */
  csvColumn?: CsvColumnReader;
}

async function* decode(source: AsyncIterable<Chunk>): AsyncGenerator<string> {
  // Streaming decoder: a multi-byte character split across chunks stays whole; the BOM is dropped.
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * A top-level JSON array read piece by piece: the scanner finds where each element starts and ends,
 * and JSON.parse reads the element itself.
 */
async function* readJsonRows(source: AsyncIterable<Chunk>): AsyncGenerator<ImportRow[]> {
  const scanner = new JsonArrayScanner();
  for await (const text of decode(source)) {
    const found = scanner.feed(text);
    if (found.length) yield found;
  }
  scanner.finish();
}

const DELIMITERS = [',', ';', '\t'];

type LineBreak = '\n' | '\r\n' | '\r';

/** The first line (quotes respected) and the line break that ends it, once both are complete in `text`. */
function firstLine(text: string): { line: string; lineBreak: LineBreak } | null {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\n') return { line: text.slice(0, i), lineBreak: '\n' };
    // Whether a LF follows is only known once the next character is there.
    else if (!quoted && c === '\r')
      return i + 1 < text.length ? { line: text.slice(0, i), lineBreak: text[i + 1] === '\n' ? '\r\n' : '\r' } : null;
  }
  return null;
}

/** The candidate delimiter appearing most often outside quotes in the header row; `,` on a tie. */
export function detectDelimiter(header: string): string {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d)! > counts.get(best)! ? d : best), ',');
}

/**
 * API.md 2.2: every non-empty cell is JSON-parsed (`true`, `null`, objects, arrays), except that numbers
 * keep their original text for the database layer to cast; text that is not JSON stays text.
 */
export function csvCellValue(cell: string): unknown {
  const trimmed = cell.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  // Only these can start a JSON value that is not a number; trying every cell would throw per text cell.
  if (!/^[[{"]/.test(trimmed)) return cell;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return cell;
  }
}

/**
 * Header cells as paths (`author.name` → ['author', 'name']); rejects empty, duplicate and clashing
 * columns, and columns through a prototype (`__proto__.z`), which building the records would write into.
 */
export function csvColumns(header: string[]): string[][] {
  const names = header.map((h) => h.trim());
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (name === '' || name.split('.').some((part) => part === ''))
      throw lineError(1, `column ${index + 1} has no valid name`);
    const through = prototypeSegment(name.split('.'));
    if (through !== null) throw lineError(1, prototypeKeyReason(through, `column "${name}"`));
    if (seen.has(name)) throw lineError(1, `column "${name}" appears twice`);
    seen.add(name);
  }
  for (const name of names) {
    const parts = name.split('.');
    for (let n = 1; n < parts.length; n++) {
      const prefix = parts.slice(0, n).join('.');
      if (seen.has(prefix)) throw lineError(1, `columns "${prefix}" and "${name}" cannot both be set`);
    }
  }
  return names.map((n) => n.split('.'));
}

/** Each column's reader, and where its value goes: the header split on dots. */
interface CsvColumn {
  parents: string[];
  key: string;
  read: (text: string) => unknown;
}

/** A record's values; the columns were checked by csvColumns, the rare JSON object cell is checked here. */
function csvRecord(columns: CsvColumn[], cells: string[], line: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index];
    if (cell === '') continue;
    const column = columns[index];
    let target = data;
    for (const part of column.parents) target = (target[part] ??= {}) as Record<string, unknown>;
    const value = column.read(cell);
    const reason = value !== null && typeof value === 'object' ? jsonShapeReason(value, 'the record') : null;
    if (reason) throw lineError(line, reason);
    target[column.key] = value;
  }
  return data;
}

/** Lines a record takes beyond its first: the line breaks inside its quoted cells (CRLF, LF or CR). */
function extraLines(cells: string[]): number {
  let lines = 0;
  for (const cell of cells) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue;
    for (let i = 0; i < cell.length; i++) {
      const c = cell.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && cell.charCodeAt(i + 1) !== 0x0a)) lines++;
    }
  }
  return lines;
}

/**
 * Papa Parse's records of each piece of text as it arrives. Its core parser is fed the way its own
 * streamers feed it (the unfinished last record carried over to the next piece), but from a pull-based
 * loop: the file is read no faster than records are taken, which Papa's stream mode does not ensure.
 */
async function* csvChunks(
  texts: AsyncIterable<string>,
  delimiter: string,
  newline?: LineBreak,
): AsyncGenerator<Papa.ParseResult<string[]>> {
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  let carried = '';
  let offset = 0;
  for await (const text of texts) {
    const input = carried + text;
    const results = parser.parse(input, offset, true) as Papa.ParseResult<string[]>;
    carried = input.slice(results.meta.cursor - offset);
    offset = results.meta.cursor;
    yield results;
  }
  yield parser.parse(carried, offset, false) as Papa.ParseResult<string[]>;
}

async function* readCsvRows(source: AsyncIterable<Chunk>, cellReader: CsvColumnReader): AsyncGenerator<ImportRow[]> {
  const texts = decode(source);
  // Only the header row is held back, to pick the delimiter before parsing starts.
  let head = '';
  let header: { line: string; lineBreak: LineBreak } | null = null;
  while (header === null) {
    const next = await texts.next();
    if (next.done) break;
    head += next.value;
    header = firstLine(head);
  }
  if (head.trim() === '') return;
  async function* rest(): AsyncGenerator<string> {
    yield head;
    yield* texts;
  }

  let columns: CsvColumn[] | null = null;
  let row = 0;
  let line = 1;
  for await (const { data, errors } of csvChunks(rest(), detectDelimiter(header?.line ?? head), header?.lineBreak)) {
    // Papa Parse reads on past malformed quotes; the import stops at the first.
    const malformed = new Map(errors.filter((e) => e.type === 'Quotes').map((e) => [e.row, e.message]));
    const found: ImportRow[] = [];
    for (let index = 0; index < data.length; index++) {
      const cells = data[index];
      const start = line;
      line += 1 + extraLines(cells);
      if (malformed.has(index)) throw lineError(start, malformed.get(index)!);
      // Empty lines are skipped; they still count for the line numbers of what follows.
      if (cells.length === 1 && cells[0] === '') continue;
      if (columns === null) {
        columns = csvColumns(cells).map((path) => ({
          parents: path.slice(0, -1),
          key: path[path.length - 1],
          read: cellReader(path),
        }));
        continue;
      }
      // A short row reads like one with empty trailing cells; a long one would lose data.
      if (cells.length > columns.length)
        throw lineError(start, `the row has ${cells.length} cells, the header ${columns.length}`);
      found.push({ row: ++row, line: start, data: csvRecord(columns, cells, start) });
    }
    if (found.length) yield found;
  }
}
