import { satisfies } from 'semver';

/** The fields of a package-lock.json `packages` entry that decide whether Node runs it. */
export interface LockPackage {
  version?: string;
  engines?: Record<string, string> | string[];
  os?: string[];
  dev?: boolean;
}

export interface EngineFailure {
  name: string;
  version: string;
  range: string;
  node: string;
  dev: boolean;
}

/** `node_modules/a/node_modules/@b/c` → `@b/c`. */
function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** An optional package for another system (`@img/sharp-win32-ia32`) is never installed here. */
function installedOn(entry: LockPackage, platform: string): boolean {
  return !entry.os || entry.os.some((os) => os === platform || (os.startsWith('!') && os.slice(1) !== platform));
}

/**
 * Every installed package (production and development) whose `engines.node` does not accept one of
 * `nodes`, once per package, version and Node version.
 */
export function nodeEngineFailures(
  packages: Record<string, LockPackage>,
  nodes: readonly string[],
  platform = 'linux',
): EngineFailure[] {
  const failures = new Map<string, EngineFailure>();
  for (const [path, entry] of Object.entries(packages)) {
    const range = !path || Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (range === undefined || !installedOn(entry, platform)) continue;
    const name = packageName(path);
    for (const node of nodes) {
      if (satisfies(node, range)) continue;
      failures.set(`${name}@${entry.version}:${node}`, {
        name,
        version: entry.version ?? '',
        range,
        node,
        dev: entry.dev === true,
      });
    }
  }
  return [...failures.values()];
}

/**
 * The Node version of the Dockerfile's `node:<major>…` base images, as `<major>.0.0`: the tag follows
 * that major's newest release, and the oldest one it may be is the strictest test of a lower bound.
 */
export function imageNodeVersion(dockerfile: string): string {
  const majors = new Set([...dockerfile.matchAll(/^FROM\s+node:(\d+)/gim)].map((match) => match[1]));
  if (majors.size !== 1)
    throw new Error(`expected one Node major across the Dockerfile's FROM lines, found ${majors.size}`);
  return `${[...majors][0]}.0.0`;
}
