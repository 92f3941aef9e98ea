import Papa from 'papaparse';
import { lazyModule } from '../lazy-module';
import { MAX_JSON_DEPTH } from '../http/json-body';
import { deepJsonText } from './deep-json';
import { EXPORT_FORMATS, ExportFormat } from '../query/query.types';
import { isPlainObject } from '../is-plain-object';

const xmlParser = lazyModule(() => require('fast-xml-parser') as typeof import('fast-xml-parser'));

export { EXPORT_FORMATS };

/** API.md 2.1: media types and file extensions of the export formats. */
export const EXPORT_FORMAT_INFO: Record<ExportFormat, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  csv: { contentType: 'text/csv', extension: 'csv' },
  csv_utf8: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xml: { contentType: 'text/xml; charset=utf-8', extension: 'xml' },
  yaml: { contentType: 'text/yaml; charset=utf-8', extension: 'yaml' },
};

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

type Row = Record<string, unknown>;

/** Turns one row at a time into text, so any number of rows streams in constant memory. */
export interface RowSerializer {
  start(): string;
  row(row: Row): string;
  /** A page of rows at once, where that is cheaper than row by row (the same text). */
  page?(rows: Row[]): string;
  end(): string;
}

export interface SerializerOptions {
  /**
   * CSV columns, dot paths into nested objects allowed (`author.name`). Without them the columns are
   * the flattened keys of the first row.
   */
  fields?: string[];
}

/** An object written as structure: a Date or a Buffer is a value of its own. */
function isRecord(value: unknown): value is Row {
  return isPlainObject(value) && !(value instanceof Date) && !Buffer.isBuffer(value);
}

/**
 * Levels of objects and arrays an export writes as structure; a value nested deeper is written as its
 * JSON text. The writers below recurse, and the XML builder refuses documents deeper than its own limit:
 * a JSON field stored before writes were bounded (or a related item's) must not make a read fail.
 */
const EXPORT_DEPTH = MAX_JSON_DEPTH;

/** Database values (Date, bigint, Buffer) as the JSON the API answers with; past EXPORT_DEPTH, JSON text. */
function toPlain(
  value: unknown,
  key: (k: string) => string = (k) => k,
  text?: (s: string) => string,
  depth = 0,
): unknown {
  if (typeof value === 'string') return text ? text(value) : value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  const nested = Array.isArray(value) || isRecord(value);
  if (nested && depth >= EXPORT_DEPTH) return toPlain(jsonText(value), key, text);
  if (Array.isArray(value)) return value.map((v) => toPlain(v, key, text, depth + 1));
  if (isRecord(value)) {
    const out: Row = {};
    for (const k in value) {
      const v = value[k];
      if (v !== undefined) out[key(k)] = toPlain(v, key, text, depth + 1);
    }
    return out;
  }
  return value;
}

/** Whether the nested object at a dot path becomes columns of its own (a related item) or one JSON cell. */
export type ExpandPath = (path: string) => boolean;

const expandAll: ExpandPath = () => true;

/** Column names of a row: nested objects become dot paths where `expand` allows, arrays stay one column. */
export function flattenKeys(row: Row, prefix = '', expand: ExpandPath = expandAll, depth = 0): string[] {
  return Object.entries(row).flatMap(([k, v]) =>
    isRecord(v) && Object.keys(v).length > 0 && depth < EXPORT_DEPTH && expand(`${prefix}${k}`)
      ? flattenKeys(v, `${prefix}${k}.`, expand, depth + 1)
      : [`${prefix}${k}`],
  );
}

/** Union of the columns of several rows, in order of first appearance. */
export function csvFields(rows: Iterable<Row>, expand: ExpandPath = expandAll): string[] {
  const fields = new Set<string>();
  for (const row of rows) for (const f of flattenKeys(row, '', expand)) fields.add(f);
  return [...fields];
}

function pathValue(row: Row, path: string): unknown {
  if (path in row) return row[path];
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[part];
  }
  return current;
}

function csvCell(value: unknown): string {
  // Most cells are primitives: answered without the deep conversion objects need.
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) || isRecord(value)) return jsonText(value);
  return String(toPlain(value));
}

/** CSV records, each ended by a newline; the same library reads imports, so an export imports back as written. */
function csvRecords(records: string[][]): string {
  return records.length === 0 ? '' : Papa.unparse(records, { newline: '\n' }) + '\n';
}

function csvSerializer(options: SerializerOptions, bom: boolean): RowSerializer {
  let fields = options.fields;
  let started = false;
  const header = (): string => (fields && fields.length > 0 ? csvRecords([fields]) : '');
  const record = (row: Row): string[] => fields!.map((f) => csvCell(pathValue(row, f)));
  return {
    start: () => (bom ? '\uFEFF' : ''),
    row(row) {
      let out = '';
      if (!started) {
        fields ??= flattenKeys(toPlain(row) as Row);
        out = header();
        started = true;
      }
      return out + csvRecords([record(row)]);
    },
    // One call per page: a call per row costs more than the quoting itself.
    page(rows) {
      if (rows.length === 0) return '';
      const first = this.row(rows[0]);
      return rows.length === 1 ? first : first + csvRecords(rows.slice(1).map(record));
    },
    end: () => (started ? '' : header()),
  };
}

/**
 * JSON.stringify handles Dates itself; rows with bigints or Buffers (TypeError, or Buffers' own JSON),
 * and values nested past the call stack (RangeError), are written by the iterative writer instead,
 * indented down to EXPORT_DEPTH.
 */
function jsonText(value: unknown, indent?: string): string {
  try {
    if (!containsBuffer(value)) return JSON.stringify(value, null, indent);
  } catch (e) {
    if (!(e instanceof TypeError) && !(e instanceof RangeError)) throw e;
  }
  return deepJsonText(value, indent, EXPORT_DEPTH);
}

/** Buffers come from binary columns, never from deep inside a JSON field: the walk stops at EXPORT_DEPTH. */
function containsBuffer(value: unknown, depth = 0): boolean {
  if (Buffer.isBuffer(value)) return true;
  if (depth >= EXPORT_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => containsBuffer(v, depth + 1));
  return (
    isRecord(value) &&
    Object.values(value).some((v) => v !== null && typeof v === 'object' && containsBuffer(v, depth + 1))
  );
}

function jsonSerializer(): RowSerializer {
  let first = true;
  return {
    start: () => '',
    row(row) {
      // Same bytes as JSON.stringify(rows, null, '\t'), one element at a time.
      const element = jsonText(row, '\t').replace(/\n/g, '\n\t');
      const out = `${first ? '[\n' : ',\n'}\t${element}`;
      first = false;
      return out;
    },
    // Stringified as an array, the rows are already indented one level: only the brackets go.
    page(rows) {
      if (rows.length === 0) return '';
      const elements = jsonText(rows, '\t').slice(2, -2);
      const out = `${first ? '[\n' : ',\n'}${elements}`;
      first = false;
      return out;
    },
    end: () => (first ? '[]' : '\n]'),
  };
}

/** XML element names: letters, digits, `_ - .`, not starting with a digit, dash or dot. */
function xmlNameOf(key: string): string {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/** Keys repeat on every row; JSON fields' own keys are not bounded, so neither is kept past a limit. */
const XML_NAMES = new Map<string, string>();
const XML_NAMES_LIMIT = 10_000;

function xmlName(key: string): string {
  let name = XML_NAMES.get(key);
  if (name === undefined) {
    name = xmlNameOf(key);
    if (XML_NAMES.size < XML_NAMES_LIMIT) XML_NAMES.set(key, name);
  }
  return name;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const XML_SPECIAL = /[&<>"']/;
const XML_SPECIALS = /[&<>"']/g;

/** Text escaped as the builder's own entity pass would, which runs five replacements over every value. */
function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIALS, (c) => XML_ENTITIES[c]) : text;
}

const xmlPlain = (value: unknown) => toPlain(value, xmlName, xmlText);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<data>\n';
const XML_TAIL = '</data>\n';

const DATA_OPEN = '<data>\n';
const DATA_CLOSE = '</data>\n';

/** Elements of `value`'s members, indented one level, for the inside of `<data>`. */
function xmlBuilder(): (value: Row) => string {
  const builder = new (xmlParser().XMLBuilder)({
    format: true,
    indentBy: '  ',
    ignoreAttributes: true,
    suppressEmptyNode: false,
    // A text-node key no column can have, so every column becomes an element.
    textNodeName: '\u0000text',
    // Values arrive escaped (xmlText).
    processEntities: false,
    // Values nested past EXPORT_DEPTH arrive as JSON text; <data>, <item> and arrays' own levels come on top.
    maxNestedTags: 2 * EXPORT_DEPTH + 8,
  });
  // Built inside <data> itself, the builder indents the elements and leaves text values as they are.
  return (value) => builder.build({ data: value }).slice(DATA_OPEN.length, -DATA_CLOSE.length);
}

function xmlSerializer(): RowSerializer {
  const elements = xmlBuilder();
  return {
    start: () => XML_HEAD,
    row: (row) => elements({ item: xmlPlain(row) }),
    // An array under one key is one element per row: one build per page instead of one per row.
    page: (rows) => (rows.length ? elements({ item: rows.map(xmlPlain) }) : ''),
    end: () => XML_TAIL,
  };
}

const YAML_PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Keys YAML 1.1 readers would take for booleans or null. */
const YAML_RESERVED_KEY = /^(true|false|null|yes|no|on|off|y|n)$/i;
/** Characters YAML wants escaped in double-quoted scalars that JSON.stringify leaves as they are. */
const YAML_UNSAFE = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

function yamlString(value: string): string {
  return JSON.stringify(value).replace(YAML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value on one line: JSON's double-quoted strings and literals are YAML too. */
function yamlScalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return yamlString(value.toISOString());
  if (Buffer.isBuffer(value)) return yamlString(value.toString('base64'));
  return Array.isArray(value) ? '[]' : '{}';
}

function isYamlBlock(value: unknown): value is Row | unknown[] {
  if (Array.isArray(value)) return value.length > 0;
  return isRecord(value) && Object.keys(value).length > 0;
}

/** A value written on its own line: past EXPORT_DEPTH levels, a mapping or sequence as its JSON text. */
function yamlInline(value: unknown): string {
  return isYamlBlock(value) ? yamlString(jsonText(value)) : yamlScalar(value);
}

/** Block-style YAML of a non-empty mapping or sequence, every line indented by `indent` spaces (two a level). */
function yamlBlock(value: Row | unknown[], indent: number): string {
  const pad = ' '.repeat(indent);
  const block = (v: unknown): v is Row | unknown[] => isYamlBlock(v) && indent < 2 * EXPORT_DEPTH;
  let out = '';
  if (Array.isArray(value)) {
    for (const item of value) {
      out += block(item) ? `${pad}- ${yamlBlock(item, indent + 2).slice(indent + 2)}` : `${pad}- ${yamlInline(item)}\n`;
    }
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const key = YAML_PLAIN_KEY.test(k) && !YAML_RESERVED_KEY.test(k) ? k : yamlString(k);
    out += block(v) ? `${pad}${key}:\n${yamlBlock(v, indent + 2)}` : `${pad}${key}: ${yamlInline(v)}\n`;
  }
  return out;
}

/** A YAML sequence of block mappings, written directly: a general YAML library is several times slower. */
function yamlSerializer(): RowSerializer {
  let first = true;
  return {
    start: () => '',
    row(row) {
      first = false;
      return yamlBlock([row], 0);
    },
    end: () => (first ? '[]\n' : ''),
  };
}

export function createSerializer(format: ExportFormat, options: SerializerOptions = {}): RowSerializer {
  switch (format) {
    case 'json':
      return jsonSerializer();
    case 'csv':
      return csvSerializer(options, false);
    case 'csv_utf8':
      return csvSerializer(options, true);
    case 'xml':
      return xmlSerializer();
    case 'yaml':
      return yamlSerializer();
  }
}

/**
 * One object, such as the answer of a read of one item, as the reference writes it: JSON, YAML and XML
 * keep it an object (`<data>` holding its members); CSV makes it a one-row file.
 */
export async function serializeObject(format: ExportFormat, row: Row): Promise<string> {
  switch (format) {
    case 'json':
      return jsonText(row, '\t');
    case 'yaml':
      return isYamlBlock(row) ? yamlBlock(row, 0) : '{}\n';
    case 'xml':
      return `${XML_HEAD}${xmlBuilder()(xmlPlain(row) as Row)}${XML_TAIL}`;
    default: {
      let text = '';
      // The CSV columns are the row's own, flattened.
      for await (const chunk of serializeRows(format, [row])) text += chunk;
      return text;
    }
  }
}

const CHUNK_SIZE = 64 * 1024;

/** Serializes rows as they arrive; pair with `Readable.from` for a response or a file upload. */
export function serializeRows(
  format: ExportFormat,
  rows: Iterable<Row> | AsyncIterable<Row>,
  options: SerializerOptions = {},
): AsyncGenerator<string> {
  return serializePages(format, onePerPage(rows), options);
}

async function* onePerPage(rows: Iterable<Row> | AsyncIterable<Row>): AsyncGenerator<Row[]> {
  for await (const row of rows) yield [row];
}

/** serializeRows for rows that arrive a page at a time (large exports): one wait per page, not per row. */
export async function* serializePages(
  format: ExportFormat,
  pages: AsyncIterable<Row[]>,
  options: SerializerOptions = {},
): AsyncGenerator<string> {
  const serializer = createSerializer(format, options);
  // Rows are small: handing them on one by one would cost more than serializing them.
  let buffered = serializer.start();
  for await (const page of pages) {
    if (serializer.page) buffered += serializer.page(page);
    else for (const row of page) buffered += serializer.row(row);
    if (buffered.length >= CHUNK_SIZE) {
      yield buffered;
      buffered = '';
    }
  }
  buffered += serializer.end();
  if (buffered) yield buffered;
}
