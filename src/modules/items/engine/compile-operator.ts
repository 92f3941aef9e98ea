import { InvalidQueryError } from '../../../common/errors/errors';
import { isUuid } from '../../../common/is-uuid';
import type { Dialect } from '../../../database/dialects/dialect';
import { KEYS_PER_LIST } from '../../../database/key-lists';
import type { FieldOverview } from '../../schema/schema.types';
import type { SqlContext } from './compile-filter';
import { NUMERIC_TYPES } from './items.types';
import { filterValue, isDateValue, isTimeValue } from './values';
import { valueText } from '../../../common/value-text';

const TEXTUAL = new Set(['string', 'text', 'hash', 'csv', 'json']);

export const DATE_TYPES = new Set(['date', 'dateTime', 'timestamp']);

/** `"true"`, `"false"`, `"null"` in query strings mean the values (API.md 1.6). */
function coerce(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null' || value === 'NULL') return null;
  return value;
}

/** One operator's operand and the helpers its SQL is written with. */
interface Operand {
  column: string;
  operator: string;
  value: unknown;
  /** A bound parameter for `v`, checked against the field's type. */
  bind(v: unknown): string;
  /** The operand as a list of checked values, UUID mismatches dropped; null when none is left. */
  list(): unknown[] | null;
  like(kind: 'contains' | 'starts' | 'ends', caseSensitive: boolean, negate: boolean): string;
  requireText(): void;
  uuidMismatch(v: unknown): boolean;
  /** `_null`, `_empty` and the like take anything but an explicit false as true. */
  truthy: boolean;
  isText: boolean;
  param: (value: unknown) => string;
  dialect: Dialect;
}

const LIKES: [string, 'contains' | 'starts' | 'ends', boolean, boolean][] = [
  ['_contains', 'contains', true, false],
  ['_ncontains', 'contains', true, true],
  ['_icontains', 'contains', false, false],
  ['_nicontains', 'contains', false, true],
  ['_starts_with', 'starts', true, false],
  ['_nstarts_with', 'starts', true, true],
  ['_istarts_with', 'starts', false, false],
  ['_nistarts_with', 'starts', false, true],
  ['_ends_with', 'ends', true, false],
  ['_nends_with', 'ends', true, true],
  ['_iends_with', 'ends', false, false],
  ['_niends_with', 'ends', false, true],
];

const COMPARISONS: [string, string][] = [
  ['_lt', '<'],
  ['_lte', '<='],
  ['_gt', '>'],
  ['_gte', '>='],
];

function emptySql(o: Operand, empty: boolean): string {
  const sql = o.isText ? `(${o.column} IS NULL OR ${o.column} = '')` : `${o.column} IS NULL`;
  return empty === o.truthy ? sql : `NOT ${sql}`;
}

/**
 * `column IN (...)` for a non-empty list of any length: beyond one IN list's worth (a batch's keys, a long
 * `_in`) the values go as one bound list (Dialect.inList), so the statement stays within the vendor's
 * bound-value limit and keeps its sort. `param` binds a value and answers its name.
 */
export function inListSql(
  dialect: Dialect,
  column: string,
  values: unknown[],
  param: (bound: unknown) => string,
  negate = false,
): string {
  if (values.length <= KEYS_PER_LIST) return `${column} ${negate ? 'NOT IN' : 'IN'} (:...${param(values)})`;
  const sql = dialect.inList(column, values, param);
  return negate ? `NOT (${sql})` : sql;
}

function listSql(o: Operand, negate: boolean): string {
  const values = o.list();
  if (!values) return negate ? '1=1' : '1=0';
  return inListSql(o.dialect, o.column, values, o.param, negate);
}

function betweenSql(o: Operand, negate: boolean): string {
  // API.md 1.6: anything but two values is ignored.
  if (!Array.isArray(o.value) || o.value.length !== 2) return '';
  return `${o.column} ${negate ? 'NOT BETWEEN' : 'BETWEEN'} ${o.bind(o.value[0])} AND ${o.bind(o.value[1])}`;
}

function caseInsensitiveSql(o: Operand, negate: boolean): string {
  o.requireText();
  return `LOWER(${o.column}) ${negate ? '<>' : '='} LOWER(${o.bind(o.value)})`;
}

/** The SQL of each filter operator (API.md 1.6); '' means the operator is ignored. */
const OPERATORS: Record<string, (o: Operand) => string> = {
  _eq: (o) =>
    o.value === null ? `${o.column} IS NULL` : o.uuidMismatch(o.value) ? '1=0' : `${o.column} = ${o.bind(o.value)}`,
  _neq: (o) =>
    o.value === null
      ? `${o.column} IS NOT NULL`
      : o.uuidMismatch(o.value)
        ? '1=1'
        : `${o.column} <> ${o.bind(o.value)}`,
  _ieq: (o) => caseInsensitiveSql(o, false),
  _nieq: (o) => caseInsensitiveSql(o, true),
  _in: (o) => listSql(o, false),
  _nin: (o) => listSql(o, true),
  _null: (o) => (o.truthy ? `${o.column} IS NULL` : `${o.column} IS NOT NULL`),
  _nnull: (o) => (o.truthy ? `${o.column} IS NOT NULL` : `${o.column} IS NULL`),
  _empty: (o) => emptySql(o, true),
  _nempty: (o) => emptySql(o, false),
  _between: (o) => betweenSql(o, false),
  _nbetween: (o) => betweenSql(o, true),
  ...Object.fromEntries(
    COMPARISONS.map(([name, sign]) => [name, (o: Operand) => `${o.column} ${sign} ${o.bind(o.value)}`]),
  ),
  ...Object.fromEntries(
    LIKES.map(([name, kind, caseSensitive, negate]) => [name, (o: Operand) => o.like(kind, caseSensitive, negate)]),
  ),
};

/** A filter value as bound: the field's type, numbers in range, real dates and times (else INVALID_QUERY). */
function checkedValue(ctx: SqlContext, field: FieldOverview, v: unknown): unknown {
  const bound = filterValue(field.type, v, ctx.dialect);
  if (NUMERIC_TYPES.has(field.type) && bound !== null && typeof bound !== 'number') {
    throw new InvalidQueryError(`Field "${field.field}" is numeric, "${String(v)}" is not a number`);
  }
  // PostgreSQL refuses to compare a date or time column with text that is none; the others would
  // compare it as text and silently match nothing.
  if (v !== null && ((DATE_TYPES.has(field.type) && !isDateValue(v)) || (field.type === 'time' && !isTimeValue(v)))) {
    throw new InvalidQueryError(`Field "${field.field}" is a ${field.type}, "${valueText(v)}" is not one`);
  }
  // API.md 1.6: numbers beyond MAX_SAFE_INTEGER are refused; Infinity and NaN are no column's values
  // (and TypeORM writes numbers into SQLite's SQL text, where "Infinity" reads as a column name).
  if (typeof bound === 'number' && !(Math.abs(bound) <= Number.MAX_SAFE_INTEGER)) {
    throw new InvalidQueryError(`"${String(v)}" for field "${field.field}" is not a number in range`);
  }
  return bound;
}

/** One filter operator on an already-quoted column (or expression) holding `field`'s values, as SQL. */
export function compileOperator(
  ctx: SqlContext,
  field: FieldOverview,
  column: string,
  operator: string,
  raw: unknown,
): string {
  if (field.type === 'alias') throw new InvalidQueryError(`Field "${field.field}" has no value to filter on`);
  const sql = OPERATORS[operator];
  if (!sql) throw new InvalidQueryError(`Unknown filter operator "${operator}"`);
  const value = Array.isArray(raw) ? raw.map(coerce) : coerce(raw);
  const isText = TEXTUAL.has(field.type);
  const requireText = () => {
    if (!isText) throw new InvalidQueryError(`"${operator}" needs a text field, "${field.field}" is ${field.type}`);
  };
  const uuidMismatch = (v: unknown) => field.type === 'uuid' && v !== null && !isUuid(v);
  const operand: Operand = {
    column,
    operator,
    value,
    isText,
    requireText,
    uuidMismatch,
    truthy: value === undefined || value === true || value === '' || value === 1 || value === '1',
    param: (v) => ctx.param(v),
    dialect: ctx.dialect,
    bind: (v) => `:${ctx.param(checkedValue(ctx, field, v))}`,
    list: () => {
      const values = (Array.isArray(value) ? value : [value]).filter((v) => !uuidMismatch(v));
      return values.length ? values.map((v) => checkedValue(ctx, field, v)) : null;
    },
    like: (kind, caseSensitive, negate) => {
      requireText();
      const name = ctx.param(ctx.dialect.likePattern(kind, String(value), caseSensitive));
      const like = caseSensitive ? ctx.dialect.like(column, name) : ctx.dialect.ilike(column, name);
      // SQL semantics, as the reference: NOT LIKE on NULL is unknown, so rows without a value stay out.
      return negate ? `NOT (${like})` : like;
    },
  };
  return sql(operand);
}
