/**
 * The import rules of src/ (`npm run check:deps`, CI). Reads dependency-cruiser's JSON result on standard
 * input: reports what broke a rule of .dependency-cruiser.cjs, then every cycle between the folders of
 * src/ (scripts/lib/folder-cycles.ts). Exits 1 with each problem named.
 */
import { readFileSync } from 'node:fs';
import { CruisedModule, cycleEdges, folderCycles, folderGraph } from './lib/folder-cycles';

interface CruiseResult {
  modules: CruisedModule[];
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
}

const result = JSON.parse(readFileSync(0, 'utf8')) as CruiseResult;
const problems = result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
const graph = folderGraph(result.modules);
for (const group of folderCycles(graph)) {
  problems.push(`folders import each other: ${group.join(', ')}\n      ${cycleEdges(graph, group).join('\n      ')}`);
}
if (problems.length > 0) {
  process.stderr.write(
    `Import rules broken (.dependency-cruiser.cjs, docs/ARCHITECTURE.md):\n  - ${problems.join('\n  - ')}\n`,
  );
  process.exit(1);
}
process.stdout.write(`${result.summary.totalCruised} files: no import rule broken, no cycle between folders.\n`);
