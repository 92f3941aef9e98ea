import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..');
const TOOL_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string;
}

/** A temporary folder that resolves the project's packages (a client project of Vellum's API). */
export async function clientFolder(): Promise<{ dir: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-oas-'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, close: () => rm(dir, { recursive: true, force: true }) };
}

/** `redocly lint` on a document with the pinned CLI and the repository's redocly.yaml (as `npm run openapi:lint`): every problem it reports. */
export async function lintOpenApi(dir: string, document: unknown): Promise<LintProblem[]> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(document, null, 2));
  const bin = join(ROOT, 'node_modules', '.bin', 'redocly');
  // The CLI exits 1 when it finds errors; its report is on stdout either way.
  const { stdout } = await run(
    bin,
    ['lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '100000', file],
    { env: TOOL_ENV, maxBuffer: 64 << 20 },
  ).catch((e: { stdout?: string; stderr?: string }) => {
    if (!e.stdout) throw new Error(`redocly failed: ${e.stderr}`);
    return { stdout: e.stdout };
  });
  const report = JSON.parse(stdout) as {
    problems: { ruleId: string; severity: LintProblem['severity']; message: string; location: { pointer: string }[] }[];
  };
  return report.problems.map((p) => ({
    ruleId: p.ruleId,
    severity: p.severity,
    message: p.message,
    pointer: p.location[0]?.pointer ?? '',
  }));
}

/** openapi-typescript's Node API on a document: writes `<dir>/<name>` and answers its path. */
export async function generateTypes(dir: string, document: unknown, name = 'schema.ts'): Promise<string> {
  const input = join(dir, 'document.json');
  const output = join(dir, name);
  await writeFile(input, JSON.stringify(document));
  await run(
    process.execPath,
    ['-r', '@swc-node/register', join(ROOT, 'test/helpers/openapi-types.ts'), input, output],
    { cwd: ROOT, env: TOOL_ENV },
  );
  return output;
}

/** `tsc --strict --noEmit` on client files: the diagnostics, as `file:line: message`. */
export function compileStrict(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** Runs a client module's `run(baseUrl, token)` in a process of its own and answers what it returned. */
export async function runClient<T>(file: string, baseUrl: string, token: string): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['-r', '@swc-node/register', join(ROOT, 'test/helpers/run-openapi-client.ts'), file, baseUrl, token],
    { cwd: ROOT, env: TOOL_ENV },
  );
  return JSON.parse(stdout) as T;
}
