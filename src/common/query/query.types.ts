import type { ColumnRef, FieldRef, JsonRef } from './field-ref';
import type { FIELD_OPERATORS } from './parse-filter';

/**
 * The typed query every list and single-item endpoint shares (API.md 1.6), built only by parseQuery.
 * Field names are not checked here: the items engine validates them against the schema overview.
 */

export type FieldOperator = (typeof FIELD_OPERATORS)[number];

/** Only directly under a one-to-many alias field: `{ comments: { _some: { text: { _contains: 'x' } } } }`. */
export type RelationalOperator = '_some' | '_none';

export type FilterValue = string | number | boolean | null | (string | number | boolean | null)[];

/** `{ title: { _contains: 'x' } }`, nested for relations (`{ author: { name: { _eq: 'x' } } }`), `_and`/`_or`. */
export type Filter = {
  _and?: Filter[];
  _or?: Filter[];
  [fieldOrOperator: string]: Filter | Filter[] | FilterValue | undefined;
};

export type SortOrder = 'ASC' | 'DESC';
export interface SortEntry {
  /** A field, a dot path into relations (`author.name`), a function (`year(date)`) or a json() call. */
  field: FieldRef;
  order: SortOrder;
}

export type MetaKey = 'total_count' | 'filter_count';

export type AggregateFunction =
  'count' | 'countDistinct' | 'countAll' | 'sum' | 'sumDistinct' | 'avg' | 'avgDistinct' | 'min' | 'max';

/** API.md 1.1: the formats `?export=` and the export job write. */
export const EXPORT_FORMATS = ['json', 'csv', 'csv_utf8', 'xml', 'yaml'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The sub-query applied to a nested relational set (`deep[comments][_limit]=5`). */
export interface DeepQuery {
  fields?: FieldRef[];
  filter?: Filter;
  sort?: SortEntry[];
  limit?: number;
  offset?: number;
  page?: number;
  search?: string;
  deep?: Record<string, DeepQuery>;
}

export interface Query {
  /** `['*']` when any query parameter is present and `fields` is not. Dot paths: `author.*`, `*.*`. */
  fields?: string[];
  filter?: Filter;
  search?: string;
  /** `'random'` for `sort=?`. */
  sort?: SortEntry[] | 'random';
  /** `-1` means no limit (up to QUERY_LIMIT_MAX when set). */
  limit?: number;
  offset?: number;
  /** 1-based; the engine turns it into an offset of `limit * (page - 1)`. */
  page?: number;
  meta?: MetaKey[];
  deep?: Record<string, DeepQuery>;
  aggregate?: Partial<Record<AggregateFunction, string[]>>;
  groupBy?: FieldRef[];
  /** A name for a field of the collection itself or for a json() call (`alias[color]=json(meta, color)`). */
  alias?: Record<string, ColumnRef | JsonRef>;
  backlink?: boolean;
  /** Content version key to read through (API.md 5.7). */
  version?: string;
  versionRaw?: boolean;
  export?: ExportFormat;
}
