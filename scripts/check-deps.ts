/**
 * The import rules of src/ and of the Studio's admin/src (`npm run check:deps`, CI). Runs
 * dependency-cruiser over both trees and reports what broke a rule of .dependency-cruiser.cjs, then every
 * cycle between folders (scripts/lib/folder-cycles.ts), then a stale folder graph in
 * docs/ARCHITECTURE.md. Exits 1 with each problem named. `--write` (`npm run docs:deps`) rewrites the
 * graph instead of reporting it stale.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CruisedModule, cycleEdges, folderCycles, folderGraph } from './lib/folder-cycles';
import { directArrows, embedGraph, GRAPH_END, GRAPH_START, mermaidBlock } from './lib/folder-graph-doc';

interface CruiseResult {
  modules: CruisedModule[];
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
}

const ROOT = join(__dirname, '..');
const DOC = join(ROOT, 'docs/ARCHITECTURE.md');
const TREES = ['src', 'admin/src'];

function cruise(): CruiseResult {
  const bin = join(ROOT, 'node_modules/.bin/depcruise');
  const args = ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...TREES];
  const json = execFileSync(bin, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(json) as CruiseResult;
}

/** The doc's graph of src/'s folders: null when it is current or was just rewritten, else the problem. */
function graphProblem(result: CruiseResult): string | null {
  const arrows = directArrows(folderGraph(result.modules), (folder) => folder.startsWith('src/'));
  const doc = readFileSync(DOC, 'utf8');
  const current = embedGraph(doc, mermaidBlock(arrows, 'src/'));
  if (current === null) return `docs/ARCHITECTURE.md lacks the lines "${GRAPH_START}" and "${GRAPH_END}"`;
  if (current === doc) return null;
  if (!process.argv.includes('--write'))
    return 'the folder graph in docs/ARCHITECTURE.md is stale: run `npm run docs:deps`';
  writeFileSync(DOC, current);
  process.stdout.write('wrote the folder graph in docs/ARCHITECTURE.md\n');
  return null;
}

const result = cruise();
const problems = result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
const graph = folderGraph(result.modules);
for (const group of folderCycles(graph)) {
  problems.push(`folders import each other: ${group.join(', ')}\n      ${cycleEdges(graph, group).join('\n      ')}`);
}
// The graph is drawn only once there is no cycle: it is a graph of layers.
const stale = problems.length === 0 ? graphProblem(result) : null;
if (stale !== null) problems.push(stale);
if (problems.length > 0) {
  process.stderr.write(
    `Import rules broken (.dependency-cruiser.cjs, docs/ARCHITECTURE.md):\n  - ${problems.join('\n  - ')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `${result.summary.totalCruised} files of ${TREES.join(' and ')}: no import rule broken, no cycle between folders, the folder graph of docs/ARCHITECTURE.md is current.\n`,
);
