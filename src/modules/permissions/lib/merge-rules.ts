import type { Filter } from '../../../common/query/query.types';
import type { Permission } from '../permissions.service';

const noFilter = (filter: Filter | null): boolean => !filter || Object.keys(filter).length === 0;

/** Rows any of the filters lets through: no filter on one of them lets every row through. */
function anyOf(filters: (Filter | null)[]): Filter | null {
  if (filters.some(noFilter)) return null;
  return filters.length === 1 ? filters[0] : ({ _or: filters } as Filter);
}

function allFields(lists: (string[] | null)[]): string[] | null {
  if (lists.some((list) => !list || list.includes('*'))) return null;
  return [...new Set(lists.flat() as string[])];
}

function merged(rules: Permission[]): Permission {
  if (rules.length === 1) return rules[0];
  const presets = rules.map((r) => r.presets).filter((p): p is Record<string, unknown> => p !== null);
  return {
    collection: rules[0].collection,
    action: rules[0].action,
    fields: allFields(rules.map((r) => r.fields)),
    permissions: anyOf(rules.map((r) => r.permissions)),
    validation: anyOf(rules.map((r) => r.validation)),
    presets: presets.length ? (Object.assign({}, ...presets) as Record<string, unknown>) : null,
  };
}

/**
 * One rule per collection and action from the rules of several policies: within one policy its first
 * rule counts (as before policies), across policies the union (rows any of them opens, fields any of
 * them shows, values any of them accepts; presets of later policies over earlier ones).
 */
export function mergeRules(lists: readonly (readonly Permission[])[]): Permission[] {
  const groups = new Map<string, Permission[]>();
  for (const list of lists) {
    const own = new Set<string>();
    for (const rule of list) {
      const key = `${rule.collection}:${rule.action}`;
      if (own.has(key)) continue;
      own.add(key);
      groups.set(key, [...(groups.get(key) ?? []), rule]);
    }
  }
  return [...groups.values()].map(merged);
}
