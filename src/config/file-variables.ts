import { readFileSync } from 'node:fs';
import { OPEN_PREFIXES } from './unknown-variables';

const SUFFIX = '_FILE';

/** A file written by `echo` or an editor ends with a newline that is no part of the secret. */
function withoutTrailingNewline(text: string): string {
  return text.replace(/(\r?\n)+$/, '');
}

function readsFromFile(name: string, known: ReadonlySet<string>): boolean {
  if (!name.endsWith(SUFFIX)) return false;
  const target = name.slice(0, -SUFFIX.length);
  return known.has(target) || OPEN_PREFIXES.some((prefix) => target.startsWith(prefix));
}

/**
 * `<NAME>_FILE=/run/secrets/x` sets NAME to the content of that file (Docker and Kubernetes secrets),
 * for Vellum's variables and the families whose names the operator chooses (`STORAGE_<LOCATION>_KEY_FILE`,
 * `REDIS_PASSWORD_FILE`); other `*_FILE` variables (`SSL_CERT_FILE`, ...) belong
 * to other programs and are left alone. Both NAME and NAME_FILE set, or a file that cannot be read, is
 * a problem: a start-up error that names the variable and the path, never the content.
 */
export function resolveFileVariables(
  env: NodeJS.ProcessEnv,
  known: readonly string[],
  problems: string[],
): NodeJS.ProcessEnv {
  const names = new Set(known);
  const resolved: NodeJS.ProcessEnv = { ...env };
  for (const [name, path] of Object.entries(env)) {
    if (path === undefined || !readsFromFile(name, names)) continue;
    const target = name.slice(0, -SUFFIX.length);
    if (env[target] !== undefined) {
      problems.push(`${target}: set either ${target} or ${name}, not both`);
      continue;
    }
    try {
      resolved[target] = withoutTrailingNewline(readFileSync(path, 'utf8'));
    } catch (e) {
      problems.push(`${name}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
  }
  return resolved;
}
