/** One condition of the filter builder: `field` `operator` `value`, as the user typed it. */
export interface Condition {
  field: string;
  operator: string;
  value: string;
}

export interface Operator {
  id: string;
  label: string;
  /** How many values it takes: none (`_null`), one, or a comma-separated list (`_in`). */
  arity: 'none' | 'one' | 'list';
}

const op = (id: string, label: string, arity: Operator['arity'] = 'one'): Operator => ({ id, label, arity });

const EQUALITY = [op('_eq', 'equals'), op('_neq', 'does not equal')];
const NULLS = [op('_null', 'is empty', 'none'), op('_nnull', 'is not empty', 'none')];
const ORDER = [
  op('_lt', 'is less than'),
  op('_lte', 'is at most'),
  op('_gt', 'is greater than'),
  op('_gte', 'is at least'),
];
const LISTS = [op('_in', 'is one of', 'list'), op('_nin', 'is none of', 'list')];
const TEXT = [
  op('_contains', 'contains'),
  op('_ncontains', 'does not contain'),
  op('_icontains', 'contains (any case)'),
  op('_starts_with', 'starts with'),
  op('_ends_with', 'ends with'),
];

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);
const DATES = new Set(['date', 'time', 'dateTime', 'timestamp']);

/** The operators that fit a field type, in the order the builder offers them. */
export function operatorsFor(type: string): Operator[] {
  if (type === 'boolean') return [...EQUALITY, ...NULLS];
  if (NUMERIC.has(type) || DATES.has(type)) return [...EQUALITY, ...ORDER, ...LISTS, ...NULLS];
  if (type === 'json') return NULLS;
  if (type === 'uuid') return [...EQUALITY, ...LISTS, ...NULLS];
  return [...EQUALITY, ...TEXT, ...LISTS, ...NULLS];
}

function typed(type: string, text: string): unknown {
  if (type === 'boolean') return text === 'true';
  if (NUMERIC.has(type) && type !== 'decimal' && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

/**
 * The API's `filter` for the conditions (all must hold), or null when there is none; a condition whose
 * operator needs a value the user has not typed yet is left out rather than sent half-made.
 */
export function buildFilter(
  conditions: Condition[],
  typeOf: (field: string) => string,
): Record<string, unknown> | null {
  const parts: Record<string, unknown>[] = [];
  for (const c of conditions) {
    const operator = operatorsFor(typeOf(c.field)).find((o) => o.id === c.operator);
    if (!operator) continue;
    if (operator.arity === 'none') parts.push({ [c.field]: { [c.operator]: true } });
    else if (c.value.trim() === '') continue;
    else if (operator.arity === 'list')
      parts.push({ [c.field]: { [c.operator]: c.value.split(',').map((v) => typed(typeOf(c.field), v.trim())) } });
    else parts.push({ [c.field]: { [c.operator]: typed(typeOf(c.field), c.value) } });
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : { _and: parts };
}

function text(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function condition(part: unknown): Condition | null {
  if (!part || typeof part !== 'object' || Array.isArray(part)) return null;
  const entries = Object.entries(part as Record<string, unknown>);
  if (entries.length !== 1 || entries[0][0].startsWith('_')) return null;
  const [field, test] = entries[0];
  const ops =
    test && typeof test === 'object' && !Array.isArray(test) ? Object.entries(test as Record<string, unknown>) : [];
  if (ops.length !== 1) return null;
  const [operator, value] = ops[0];
  if (operator === '_null' || operator === '_nnull') return value === true ? { field, operator, value: '' } : null;
  const list = Array.isArray(value) ? value.map(text) : null;
  if (list) return list.includes(null) ? null : { field, operator, value: list.join(', ') };
  const one = text(value);
  return one === null ? null : { field, operator, value: one };
}

/**
 * The conditions of a stored filter, to edit it again in the builder; null when the builder cannot show it
 * (`_or`, nested relations, several operators on one field), so the caller keeps it rather than lose it.
 */
export function parseFilter(filter: Record<string, unknown> | null): Condition[] | null {
  if (!filter || Object.keys(filter).length === 0) return [];
  const parts = Object.keys(filter).length === 1 && Array.isArray(filter._and) ? (filter._and as unknown[]) : [filter];
  const conditions = parts.map(condition);
  return conditions.includes(null) ? null : (conditions as Condition[]);
}
