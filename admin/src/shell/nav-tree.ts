/** A collection as GET /collections answers it, with what the navigation reads of its `meta`. */
export interface NavCollection {
  collection: string;
  meta?: {
    hidden?: boolean | null;
    singleton?: boolean | null;
    group?: string | null;
    sort?: number | null;
    translations?: unknown;
  } | null;
  schema?: unknown;
}

export interface NavNode {
  entry: NavCollection;
  /** A folder groups collections and has no table of its own (`schema` null). */
  folder: boolean;
  children: NavNode[];
}

function bySort(a: NavCollection, b: NavCollection): number {
  const sa = a.meta?.sort ?? Number.MAX_SAFE_INTEGER;
  const sb = b.meta?.sort ?? Number.MAX_SAFE_INTEGER;
  return sa - sb || a.collection.localeCompare(b.collection);
}

/** Whether following `meta.group` from the collection comes back to it (a broken model must not hide it). */
function inCycle(byName: Map<string, NavCollection>, start: NavCollection): boolean {
  const seen = new Set<string>();
  for (let c: NavCollection | undefined = start; c?.meta?.group; c = byName.get(c.meta.group)) {
    if (seen.has(c.collection)) return true;
    seen.add(c.collection);
  }
  return false;
}

/**
 * The navigation's tree: collections under their `meta.group`, each level in `meta.sort` order. Hidden
 * collections and junctions are left out, and with them what is grouped under a hidden one; a collection
 * grouped under one that does not exist (or in a cycle) stands at the top.
 */
export function navTree(collections: NavCollection[], junctions: ReadonlySet<string>): NavNode[] {
  const byName = new Map(collections.map((c) => [c.collection, c]));
  const shown = (c: NavCollection) => !c.meta?.hidden && !junctions.has(c.collection);
  const parentOf = (c: NavCollection) =>
    c.meta?.group && byName.has(c.meta.group) && !inCycle(byName, c) ? c.meta.group : null;
  const build = (parent: string | null): NavNode[] =>
    collections
      .filter((c) => parentOf(c) === parent && shown(c))
      .sort(bySort)
      .map((entry) => ({ entry, folder: entry.schema === null, children: build(entry.collection) }));
  return build(null);
}
