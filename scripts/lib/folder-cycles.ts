/**
 * Cycles between the folders of src/ (a module under src/modules, or a top folder such as common or
 * database) and of the Studio's admin/src (a top folder such as pages or shell), from dependency-cruiser's
 * JSON result. dependency-cruiser's own rules see cycles between files or between every nested
 * directory; the boundary that matters here is the folder a reader opens, so files are grouped by it
 * before the cycles are looked for.
 */

/** The part of dependency-cruiser's JSON result read here. */
export interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

/** Folder → folders it imports → one import that shows it ("from -> to"). */
export type FolderGraph = Map<string, Map<string, string>>;

/** A tree whose folders are checked, and the folder of it whose subfolders count as folders of their own. */
const TREES = [
  { root: 'src', nested: 'src/modules' },
  { root: 'admin/src', nested: null },
];

/**
 * The folder a file counts in: `src/modules/<name>`, `src/<top folder>`, `admin/src/<top folder>`, or
 * the file itself at a tree's root; null outside the trees.
 */
export function folderOf(path: string): string | null {
  for (const { root, nested } of TREES) {
    const base = nested !== null && path.startsWith(`${nested}/`) ? nested : root;
    if (!path.startsWith(`${base}/`)) continue;
    const [first, ...rest] = path.slice(base.length + 1).split('/');
    if (rest.length > 0) return `${base}/${first}`;
    return base === root ? path : base;
  }
  return null;
}

export function folderGraph(modules: CruisedModule[]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === null) continue;
    for (const { resolved } of module.dependencies) {
      const to = folderOf(resolved);
      if (to === null || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${module.source} -> ${resolved}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The strongly connected groups of two folders or more (Tarjan), each sorted, in name order. */
export function folderCycles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The imports inside one cycle, one line each, so the report says where to cut. */
export function cycleEdges(graph: FolderGraph, group: string[]): string[] {
  const members = new Set(group);
  return group.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, string>())]
      .filter(([to]) => members.has(to))
      .map(([to, example]) => `${from} -> ${to} (${example})`),
  );
}
