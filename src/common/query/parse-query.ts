import { InvalidQueryError } from '../errors/errors';
import { ColumnRef, columnRef, JsonRef, jsonRef, parseFieldRef } from './field-ref';
import { parseFields, toList } from './parse-fields';
import { parseFilter } from './parse-filter';
import { parseJsonFunction } from './parse-json-function';
import { parseObjectParam } from './parse-json-param';
import { LimitOptions, parseInteger, parseLimit } from './parse-limit';
import { parseMeta } from './parse-meta';
import { parseSort } from './parse-sort';
import { AggregateFunction, DeepQuery, EXPORT_FORMATS, ExportFormat, Query } from './query.types';

const AGGREGATES: readonly AggregateFunction[] = [
  'count',
  'countDistinct',
  'countAll',
  'sum',
  'sumDistinct',
  'avg',
  'avgDistinct',
  'min',
  'max',
];
const KNOWN = new Set([
  'fields',
  'filter',
  'search',
  'sort',
  'limit',
  'offset',
  'page',
  'meta',
  'deep',
  'aggregate',
  'groupBy',
  'alias',
  'backlink',
  'version',
  'versionRaw',
  'export',
]);

function booleanParam(raw: unknown, parameter: string): boolean {
  if (raw === true || raw === 'true' || raw === '1' || raw === '') return true;
  if (raw === false || raw === 'false' || raw === '0') return false;
  throw new InvalidQueryError(`"${parameter}" must be true or false`);
}

function stringParam(raw: unknown, parameter: string): string {
  if (typeof raw !== 'string') throw new InvalidQueryError(`"${parameter}" must be a string`);
  return raw;
}

function parseAggregate(raw: unknown): Query['aggregate'] {
  const object = parseObjectParam(raw, 'aggregate');
  const out: NonNullable<Query['aggregate']> = {};
  for (const [fn, fields] of Object.entries(object)) {
    if (!(AGGREGATES as readonly string[]).includes(fn))
      throw new InvalidQueryError(`Unknown aggregate function "${fn}"`);
    out[fn as AggregateFunction] = toList(fields, `aggregate[${fn}]`);
  }
  return out;
}

/** `alias[name]=field`: a field of the collection itself, or a json() call (whose path may have dots). */
function parseAlias(raw: unknown): Record<string, ColumnRef | JsonRef> {
  const out: Record<string, ColumnRef | JsonRef> = {};
  for (const [name, field] of Object.entries(parseObjectParam(raw, 'alias'))) {
    const call = typeof field === 'string' ? parseJsonFunction(field) : null;
    if (typeof field !== 'string' || name.includes('.') || (field.includes('.') && !call)) {
      throw new InvalidQueryError(`"alias" entries must map a name to a field, "${name}" does not`);
    }
    out[name] = call ? jsonRef(call) : columnRef(field);
  }
  return out;
}

function parseDeep(raw: unknown, options: LimitOptions, path = 'deep'): Record<string, DeepQuery> {
  const object = parseObjectParam(raw, path);
  const out: Record<string, DeepQuery> = {};
  for (const [field, value] of Object.entries(object)) {
    if (field.startsWith('_'))
      throw new InvalidQueryError(`"${path}" must be keyed by relational fields, found "${field}"`);
    const sub = parseObjectParam(value, `${path}[${field}]`);
    const deep: DeepQuery = {};
    const nested: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(sub)) {
      switch (key) {
        case '_fields':
          deep.fields = parseFields(v, `${path}[${field}][_fields]`).map(parseFieldRef);
          break;
        case '_filter':
          deep.filter = parseFilter(v, `${path}[${field}][_filter]`);
          break;
        case '_sort': {
          const sort = parseSort(v);
          if (sort !== 'random') deep.sort = sort;
          break;
        }
        case '_limit':
          deep.limit = parseLimit(v, options);
          break;
        case '_offset':
          deep.offset = parseInteger(v, `${path}[${field}][_offset]`, 0);
          break;
        case '_page':
          deep.page = parseInteger(v, `${path}[${field}][_page]`, 1);
          break;
        case '_search':
          deep.search = stringParam(v, `${path}[${field}][_search]`);
          break;
        default:
          if (key.startsWith('_')) throw new InvalidQueryError(`Unknown "${path}" parameter "${key}"`);
          nested[key] = v;
      }
    }
    if (Object.keys(nested).length) deep.deep = parseDeep(nested, options, `${path}[${field}]`);
    out[field] = deep;
  }
  return out;
}

/**
 * The query string (as parsed by qs) → the typed Query of every list and single-item endpoint
 * (API.md 1.6). Unknown parameters are ignored, like the reference platform does.
 */
export function parseQuery(raw: Record<string, unknown>, options: LimitOptions): Query {
  const query: Query = {};
  const has = (key: string) => raw[key] !== undefined;
  if (has('fields')) query.fields = parseFields(raw.fields);
  if (has('filter')) query.filter = parseFilter(raw.filter);
  if (has('search')) query.search = stringParam(raw.search, 'search');
  if (has('sort')) query.sort = parseSort(raw.sort);
  query.limit = parseLimit(raw.limit, options);
  if (has('offset')) query.offset = parseInteger(raw.offset, 'offset', 0);
  if (has('page')) query.page = parseInteger(raw.page, 'page', 1);
  if (has('meta')) query.meta = parseMeta(raw.meta);
  if (has('deep')) query.deep = parseDeep(raw.deep, options);
  if (has('aggregate')) query.aggregate = parseAggregate(raw.aggregate);
  if (has('groupBy')) query.groupBy = parseFields(raw.groupBy, 'groupBy').map(parseFieldRef);
  // An aggregate read with nothing to select is refused here, before a write that answers with a read runs.
  if (
    (query.aggregate || query.groupBy) &&
    !query.groupBy?.length &&
    !Object.values(query.aggregate ?? {}).some((fields) => fields?.length)
  ) {
    throw new InvalidQueryError('"groupBy" needs "aggregate" or fields to group on');
  }
  if (has('alias')) query.alias = parseAlias(raw.alias);
  // A sort on an alias of json() sorts on the call (the reference platform's `sort=my_color`).
  if (Array.isArray(query.sort) && query.alias) {
    const alias = query.alias;
    query.sort = query.sort.map((s) => {
      const target = s.field.kind === 'column' && Object.hasOwn(alias, s.field.name) ? alias[s.field.name] : null;
      return target?.kind === 'json' ? { ...s, field: target } : s;
    });
  }
  if (has('backlink')) query.backlink = booleanParam(raw.backlink, 'backlink');
  if (has('version')) query.version = stringParam(raw.version, 'version');
  if (has('versionRaw')) query.versionRaw = booleanParam(raw.versionRaw, 'versionRaw');
  if (has('export')) {
    const format = stringParam(raw.export, 'export');
    if (!(EXPORT_FORMATS as readonly string[]).includes(format))
      throw new InvalidQueryError(`"export" does not accept "${format}"`);
    query.export = format as ExportFormat;
  }
  if (!query.fields && Object.keys(raw).some((key) => KNOWN.has(key))) query.fields = ['*'];
  return query;
}
