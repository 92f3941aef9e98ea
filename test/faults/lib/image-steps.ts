/**
 * What the image does, read from the Dockerfile and docker-compose.yml so the replay follows them as
 * they are: the build stage's install and build commands, the runtime stage's ENV and CMD, and the
 * environment compose gives the service.
 */
export interface ImageSteps {
  /** The build stage's `RUN npm ci …`, a shell command. */
  install: string;
  /** The build stage's `RUN npm run build … npm prune --omit=dev …`, a shell command. */
  build: string;
  /** The runtime stage's ENV. */
  env: Record<string, string>;
  /** The runtime stage's CMD (exec form). */
  cmd: string[];
}

function instructions(dockerfile: string): { name: string; args: string }[] {
  return dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name, ...rest] = line.split(/\s+/);
      return { name: name.toUpperCase(), args: rest.join(' ') };
    });
}

function envPairs(args: string): [string, string][] {
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)].map((m) => [m[1], m[2].replace(/^"|"$/g, '')]);
}

export function imageSteps(dockerfile: string): ImageSteps {
  const all = instructions(dockerfile);
  const lastFrom = all.map((i) => i.name).lastIndexOf('FROM');
  const runs = all
    .slice(0, lastFrom)
    .filter((i) => i.name === 'RUN')
    .map((i) => i.args);
  const install = runs.find((run) => /\bnpm ci\b/.test(run));
  const build = runs.find((run) => /\bnpm run build\b/.test(run));
  const cmd = all
    .slice(lastFrom)
    .filter((i) => i.name === 'CMD')
    .pop();
  if (!install || !build || !cmd)
    throw new Error('the Dockerfile has no `npm ci`, no `npm run build` in its build stage, or no CMD');
  return {
    install,
    build,
    env: Object.fromEntries(
      all
        .slice(lastFrom)
        .filter((i) => i.name === 'ENV')
        .flatMap((i) => envPairs(i.args)),
    ),
    cmd: JSON.parse(cmd.args) as string[],
  };
}

/** Compose's interpolation of `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}` and `$$`. */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (whole, name?: string, colon?: string, kind?: string, rest?: string) => {
      if (whole === '$$') return '$';
      const set = vars[name!];
      const missing = set === undefined || (colon === ':' && set === '');
      if (!missing || kind === undefined) return set ?? '';
      if (kind === '-') return rest ?? '';
      throw new Error(`${name}: ${rest}`);
    },
  );
}

interface ComposeFile {
  services: Record<string, { environment?: Record<string, string | number | boolean | null> | string[] }>;
}

/** The environment compose gives `service`, interpolated with `vars` (the shell's, or a .env file's). */
export function composeEnvironment(
  compose: ComposeFile,
  service: string,
  vars: Record<string, string | undefined>,
): Record<string, string> {
  const environment = compose.services[service]?.environment ?? {};
  const entries: [string, string][] = Array.isArray(environment)
    ? environment.map((item) => [item.split('=')[0], item.slice(item.indexOf('=') + 1)])
    : Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value, vars)]));
}
