import Ajv2019 from 'ajv/dist/2019';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Compose's durations (`10s`, `1m30s`, `500ms`), and the IPAM subnets, as the specification's formats. */
const FORMATS = {
  duration: /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/,
  subnet_ip_address: /^[0-9a-fA-F:.]+\/\d{1,3}$/,
  expose: /^\d+(-\d+)?(\/(tcp|udp))?$/,
  ports: /^.+$/,
};

/** Variables that hold a secret: their values must come from a secret file, never from a default. */
const SECRET_NAME = /(PASSWORD|SECRET|TOKEN|_KEY)$/;

type Service = {
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: unknown;
};
export type ComposeFile = { version?: unknown; services?: Record<string, Service> };

/**
 * The schema without its draft-04 `id` annotations (`"id": "#/definitions/service"`), which later drafts
 * spell `$id` and Ajv refuses; they name subschemas and constrain nothing. A property called `id` stays.
 */
function withoutIds(node: unknown, parent?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutIds(item));
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(
    ([key, value]) => parent === 'properties' || key !== 'id' || typeof value !== 'string',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutIds(value, key)]));
}

function schemaErrors(file: unknown): string[] {
  const schema = withoutIds(
    JSON.parse(readFileSync(join(__dirname, '..', 'compose-spec', 'compose-spec.json'), 'utf8')),
  ) as object;
  // The file names its draft `http://...schema#`, a name Ajv does not register: the meta-check is skipped.
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false, formats: FORMATS });
  const validate = ajv.compile(schema);
  if (validate(file)) return [];
  return (validate.errors ?? []).map((e) => `schema: ${e.instancePath || '/'} ${e.message}`);
}

function environmentOf(service: Service): [string, string][] {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return env.map((item) => [item.split('=')[0], item.slice(item.indexOf('=') + 1)]);
  return Object.entries(env).map(([k, v]) => [k, String(v ?? '')]);
}

/** Secrets set inline or with a fallback value (`${X:-default}`) instead of from a file or a required variable. */
function secretProblems(name: string, service: Service): string[] {
  const problems: string[] = [];
  for (const [key, value] of environmentOf(service)) {
    // A switch such as MARIADB_RANDOM_ROOT_PASSWORD=yes names a secret but holds none.
    if (!SECRET_NAME.test(key) || /^(yes|no|true|false)$/i.test(value)) continue;
    const required = /^\$\{[A-Z0-9_]+:\?[^}]*\}$/.test(value);
    if (!required)
      problems.push(
        `${name}: ${key} must come from a secret file (${key}_FILE) or a required variable (\${${key}:?...}), not "${value}"`,
      );
  }
  return problems;
}

/** `depends_on` with conditions, and `service_healthy` only on services that have a healthcheck. */
function dependencyProblems(
  name: string,
  service: Service,
  services: Record<string, Service>,
  mustBeHealthy: string[],
): string[] {
  const deps = service.depends_on;
  if (deps === undefined) return [];
  if (Array.isArray(deps))
    return [`${name}: depends_on must give each service a condition (service_healthy for ${mustBeHealthy.join(', ')})`];
  const problems: string[] = [];
  for (const [dep, { condition }] of Object.entries(deps)) {
    if (mustBeHealthy.includes(dep) && condition !== 'service_healthy')
      problems.push(`${name}: must wait for ${dep} with condition service_healthy`);
    if (condition === 'service_healthy' && !services[dep]?.healthcheck)
      problems.push(`${name}: waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
  }
  return problems;
}

/**
 * Every problem of a docker-compose.yml (parsed): the Compose specification's schema, then Vellum's own
 * rules: no obsolete `version`, Vellum waits for a healthy database and Redis, no secret with a default.
 */
export function composeProblems(file: ComposeFile, app = 'vellum', healthyFirst = ['database', 'cache']): string[] {
  const problems = schemaErrors(file);
  if (file.version !== undefined) problems.push('version: obsolete in the Compose specification, remove it');
  const services = file.services ?? {};
  if (!services[app]) problems.push(`services: no "${app}" service`);
  for (const [name, service] of Object.entries(services)) {
    problems.push(...secretProblems(name, service));
    problems.push(...dependencyProblems(name, service, services, name === app ? healthyFirst : []));
  }
  const appDeps = services[app]?.depends_on;
  for (const dep of healthyFirst) {
    if (services[app] && !(appDeps && !Array.isArray(appDeps) && dep in appDeps))
      problems.push(`${app}: must depend on ${dep} (condition service_healthy)`);
  }
  return problems;
}
