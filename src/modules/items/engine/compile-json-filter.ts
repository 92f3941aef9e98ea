import { InvalidQueryError } from '../../../common/errors/errors';
import { JSON_OPERATORS } from '../../../common/query/parse-filter';
import { parseJsonFilter, type JsonFilterNode } from '../../../common/query/parse-json-filter';
import type { FieldOverview } from '../../schema/schema.types';
import type { SqlContext } from './compile-filter';
import { compileOperator } from './compile-operator';

/** Operators that compare JSON numbers by value when given numbers (else as text). */
const NUMERIC_OPERATORS = new Set([
  '_eq',
  '_neq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_in',
  '_nin',
  '_between',
  '_nbetween',
]);

/** Whether a condition compares numbers: as in the reference platform, the operand's type decides. */
export function comparesNumbers(operator: string, value: unknown): boolean {
  if (!NUMERIC_OPERATORS.has(operator)) return false;
  return Array.isArray(value) ? value.every((v) => typeof v === 'number') : typeof value === 'number';
}

/**
 * `{ metadata: { _json: { "settings.theme": { _eq: "dark" }, _or: [...] } } }`: conditions on the values
 * inside the JSON field `field` (already-quoted `column`), INVALID_QUERY on anything but a JSON field. A
 * path's value missing or JSON null is no value: negated operators do not match it.
 */
export function jsonFilterSql(ctx: SqlContext, field: FieldOverview, column: string, value: unknown): string {
  if (field.type !== 'json')
    throw new InvalidQueryError(`"_json" needs a JSON field, "${field.field}" is ${field.type}`);
  return nodeSql(ctx, field, column, parseJsonFilter(value, JSON_OPERATORS));
}

function nodeSql(ctx: SqlContext, field: FieldOverview, column: string, node: JsonFilterNode): string {
  if ('logic' in node) {
    const parts = node.children.map((child) => nodeSql(ctx, field, column, child)).filter((sql) => sql !== '');
    return parts.length > 1 ? `(${parts.join(node.logic === 'and' ? ' AND ' : ' OR ')})` : (parts[0] ?? '');
  }
  const numeric = comparesNumbers(node.operator, node.value);
  const expression = ctx.dialect.jsonScalar(column, node.path, numeric ? 'number' : 'text', (v) => `:${ctx.param(v)}`);
  const atPath: FieldOverview = {
    ...field,
    field: `${field.field} ${node.pathText}`,
    type: numeric ? 'float' : 'string',
  };
  return compileOperator(ctx, atPath, expression, node.operator, node.value);
}
