/**
 * The import rules of src/ (`npm run check:deps`, CI). Reads dependency-cruiser's JSON result on standard
 * input: reports what broke a rule of .dependency-cruiser.cjs, then every cycle between the folders of
 * src/ (scripts/lib/folder-cycles.ts). Exits 1 with each problem named.
 */
import { readFileSync } from 'node:fs';
import { CruisedModule, cutEdges, cycleEdges, folderCycles, folderGraph } from './lib/folder-cycles';

interface CruiseResult {
  modules: CruisedModule[];
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
}

/**
 * Folder imports that still close a cycle, each with what cuts it. The list may only shrink: an entry
 * the code no longer has is itself reported, so it is removed once its cut lands.
 */
const STILL_TO_CUT: Record<string, string> = {
  'src/modules/items -> src/modules/users':
    "the engine's admin-write guards (write-rows.ts) to be handed in through ItemsDeps",
  'src/modules/permissions -> src/modules/items':
    'the /roles, /permissions and /policies routes (access.module.ts) to move above items',
  'src/modules/schema -> src/modules/permissions':
    'the filtered schema reads (schema-reads.ts, schema-visibility.ts) to move above permissions',
};

const result = JSON.parse(readFileSync(0, 'utf8')) as CruiseResult;
const problems = result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
const graph = folderGraph(result.modules);
for (const edge of cutEdges(graph, Object.keys(STILL_TO_CUT))) {
  problems.push(`${edge} is listed as still to cut but no longer imported: remove it from STILL_TO_CUT`);
}
for (const group of folderCycles(graph)) {
  problems.push(`folders import each other: ${group.join(', ')}\n      ${cycleEdges(graph, group).join('\n      ')}`);
}
if (problems.length > 0) {
  process.stderr.write(
    `Import rules broken (.dependency-cruiser.cjs, docs/ARCHITECTURE.md):\n  - ${problems.join('\n  - ')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `${result.summary.totalCruised} files: no import rule broken, no cycle between folders (${Object.keys(STILL_TO_CUT).length} imports still to cut, listed in scripts/check-deps.ts).\n`,
);
