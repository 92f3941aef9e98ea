import type { Filter } from '../../../common/query/query.types';

export interface DynamicVariables {
  now: Date;
  user: string | null;
  role: string | null;
  /** The caller's role chain (their role, its parent, ...) and the policies that apply to the request. */
  roles?: string[];
  policies?: string[];
  /** Fields of the caller's user and role row, for `$CURRENT_USER.<field>` / `$CURRENT_ROLE.<field>`. */
  userFields?: Record<string, unknown>;
  roleFields?: Record<string, unknown>;
}

const FIELD_VARIABLE = /\$CURRENT_(USER|ROLE)\.([A-Za-z0-9_]+)/g;

/** The user and role fields that `$CURRENT_USER.<field>` / `$CURRENT_ROLE.<field>` in `value` need. */
export function variableFields(value: unknown): { user: string[]; role: string[] } {
  const text = JSON.stringify(value ?? null);
  const user = new Set<string>();
  const role = new Set<string>();
  for (const match of text.matchAll(FIELD_VARIABLE)) (match[1] === 'USER' ? user : role).add(match[2]);
  return { user: [...user], role: [...role] };
}

const UNITS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/** `$NOW(-1 year)`, `$NOW(+2 hours)`: calendar units move the calendar, the others add milliseconds; null when no date results. */
export function adjustDate(now: Date, adjustment: string): Date | null {
  const match = /^\s*([+-]?\s*\d+)\s*(second|minute|hour|day|week|month|year)s?\s*$/i.exec(adjustment);
  if (!match) return null;
  const amount = Number(match[1].replace(/\s/g, ''));
  const unit = match[2].toLowerCase();
  const date = new Date(now.getTime());
  if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + amount);
  else if (unit === 'year') date.setUTCFullYear(date.getUTCFullYear() + amount);
  else date.setTime(date.getTime() + amount * UNITS[unit]);
  // Past ±275760 years a Date is invalid: an adjustment no calendar holds is as good as none.
  return Number.isNaN(date.getTime()) ? null : date;
}

function resolveValue(value: unknown, vars: DynamicVariables): unknown {
  if (typeof value !== 'string' || !value.startsWith('$')) return value;
  if (value === '$NOW') return vars.now.toISOString();
  const now = /^\$NOW\((.*)\)$/.exec(value);
  if (now) return adjustDate(vars.now, now[1])?.toISOString() ?? value;
  if (value === '$CURRENT_USER') return vars.user;
  const field = /^\$CURRENT_(USER|ROLE)\.([A-Za-z0-9_]+)$/.exec(value);
  if (field) return (field[1] === 'USER' ? vars.userFields : vars.roleFields)?.[field[2]] ?? null;
  if (value === '$CURRENT_ROLE') return vars.role;
  if (value === '$CURRENT_ROLES') return vars.roles ?? (vars.role ? [vars.role] : []);
  if (value === '$CURRENT_POLICIES') return vars.policies ?? [];
  return value;
}

const LIST_VARIABLES = new Set(['$CURRENT_ROLES', '$CURRENT_POLICIES']);

/** API.md 1.6 dynamic variables, replaced before a filter is compiled or evaluated. */
export function resolveVariables(filter: Filter, vars: DynamicVariables): Filter {
  const walk = (node: unknown): unknown => {
    // A variable that stands for a list ($CURRENT_ROLES, $CURRENT_POLICIES) is spliced into the list it appears in.
    if (Array.isArray(node))
      return node.flatMap((entry) =>
        typeof entry === 'string' && LIST_VARIABLES.has(entry) ? (walk(entry) as unknown[]) : [walk(entry)],
      );
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return resolveValue(node, vars);
  };
  return walk(filter) as Filter;
}
