import { envList } from './env-list';
import { parseAuthParams, parseRoleMapping } from './provider-json-options';
import { parseIdpMetadata, parseSpMetadata } from './saml-metadata';

export type AuthDriver = 'openid' | 'oauth2' | 'ldap' | 'saml';
export type SsoMode = 'json' | 'cookie' | 'session';

/** One entry of AUTH_PROVIDERS, read from its `AUTH_<NAME>_*` variables (docs/API.md, Single sign-on). */
export interface AuthProviderConfig {
  name: string;
  driver: AuthDriver;
  icon: string | null;
  label: string | null;
  /** How the redirect flows keep the sign-in (AUTH_<NAME>_MODE, `session` as in the reference). */
  mode: SsoMode;
  allowPublicRegistration: boolean;
  defaultRoleId: string | null;
  /** Redirect targets besides PUBLIC_URL; null when AUTH_<NAME>_REDIRECT_ALLOW_LIST is unset. */
  redirectAllowList: string[] | null;
  /** Every other `AUTH_<NAME>_<KEY>` as `keyInCamelCase` (`USER_DN` → `userDn`). */
  options: Readonly<Record<string, string>>;
}

const DRIVERS: readonly AuthDriver[] = ['openid', 'oauth2', 'ldap', 'saml'];

/** The options a driver cannot work without, as the reference requires them. */
const REQUIRED: Readonly<Record<AuthDriver, readonly string[]>> = {
  openid: ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER_URL'],
  oauth2: ['CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZE_URL', 'ACCESS_URL', 'PROFILE_URL'],
  ldap: ['CLIENT_URL', 'BIND_DN', 'BIND_PASSWORD', 'USER_DN'],
  // The metadata variables keep the reference's lower-case suffix (`IDP_metadata`); checkSamlMetadata reads them.
  saml: [],
};

/** Options that must be http(s) URLs when set. */
const URL_OPTIONS = ['ISSUER_URL', 'AUTHORIZE_URL', 'ACCESS_URL', 'PROFILE_URL'];

/** Provider names become URL segments and variable names; `default` is the email/password login. */
const NAME = /^[a-z0-9_-]+$/i;

const MODES: readonly SsoMode[] = ['json', 'cookie', 'session'];

function camelCase(key: string): string {
  return key.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function optionsOf(env: NodeJS.ProcessEnv, prefix: string): Record<string, string> {
  const options = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(env)) {
    // `_FILE` variables were already read into their target by file-variables.ts.
    if (key.startsWith(prefix) && value !== undefined && !key.endsWith('_FILE'))
      options[key.slice(prefix.length)] = value;
  }
  return options;
}

function checkOptions(prefix: string, driver: AuthDriver, raw: Record<string, string>, problems: string[]): void {
  for (const key of REQUIRED[driver]) {
    // An empty bind DN and password is LDAP's anonymous bind, a deliberate setting.
    const missing = key.startsWith('BIND_') ? raw[key] === undefined : !raw[key];
    if (missing) problems.push(`${prefix}${key}: required for the ${driver} driver`);
  }
  for (const key of URL_OPTIONS) {
    if (raw[key] && !isHttpUrl(raw[key])) problems.push(`${prefix}${key}: must be an http(s) URL`);
  }
  if (raw.MODE !== undefined && !MODES.includes(raw.MODE as SsoMode))
    problems.push(`${prefix}MODE: must be json, cookie or session`);
  for (const [key, parse] of [
    ['ROLE_MAPPING', parseRoleMapping],
    ['PARAMS', parseAuthParams],
  ] as const) {
    try {
      if (raw[key] !== undefined) parse(raw[key]);
    } catch (e) {
      problems.push(`${prefix}${key}: ${(e as Error).message}`);
    }
  }
  for (const key of [
    'ALLOW_PUBLIC_REGISTRATION',
    'SYNC_USER_INFO',
    'CLIENT_STARTTLS',
    'CLIENT_TLS_REJECT_UNAUTHORIZED',
  ]) {
    if (raw[key] !== undefined && raw[key] !== 'true' && raw[key] !== 'false')
      problems.push(`${prefix}${key}: must be "true" or "false"`);
  }
}

/** The reference spells them `IDP_metadata` and `SP_metadata`; the upper-case spelling is read too. */
function samlOption(raw: Record<string, string>, key: string): [string, string | undefined] {
  const name = Object.keys(raw).find((k) => k.toUpperCase() === key) ?? `${key.split('_')[0]}_metadata`;
  return [name, raw[name]];
}

/** Metadata that cannot be read would only fail at the first sign-in, far from the variable that causes it. */
function checkSamlMetadata(prefix: string, raw: Record<string, string>, problems: string[]): void {
  const [idpName, idp] = samlOption(raw, 'IDP_METADATA');
  const [spName, sp] = samlOption(raw, 'SP_METADATA');
  if (!idp) {
    problems.push(`${prefix}${idpName}: required for the saml driver`);
  } else {
    try {
      parseIdpMetadata(idp);
    } catch (e) {
      problems.push(`${prefix}${idpName}: ${(e as Error).message}`);
    }
  }
  try {
    parseSpMetadata(sp ?? '');
  } catch (e) {
    problems.push(`${prefix}${spName}: ${(e as Error).message}`);
  }
}

function provider(env: NodeJS.ProcessEnv, name: string, problems: string[]): AuthProviderConfig | null {
  const prefix = `AUTH_${name.toUpperCase()}_`;
  const raw = optionsOf(env, prefix);
  const driver = raw.DRIVER as AuthDriver;
  if (!DRIVERS.includes(driver)) {
    problems.push(`${prefix}DRIVER: must be one of ${DRIVERS.join(', ')} for the provider "${name}" of AUTH_PROVIDERS`);
    return null;
  }
  checkOptions(prefix, driver, raw, problems);
  if (driver === 'saml') checkSamlMetadata(prefix, raw, problems);
  const { DRIVER, ICON, LABEL, MODE, ALLOW_PUBLIC_REGISTRATION, DEFAULT_ROLE_ID, REDIRECT_ALLOW_LIST, ...rest } = raw;
  const options = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(rest)) options[camelCase(key)] = value;
  return {
    name,
    driver: DRIVER as AuthDriver,
    icon: ICON || null,
    label: LABEL || null,
    mode: (MODE as SsoMode | undefined) ?? 'session',
    allowPublicRegistration: ALLOW_PUBLIC_REGISTRATION === 'true',
    defaultRoleId: DEFAULT_ROLE_ID || null,
    redirectAllowList: REDIRECT_ALLOW_LIST === undefined ? null : envList(REDIRECT_ALLOW_LIST),
    options,
  };
}

/** AUTH_PROVIDERS and each provider's variables; every mistake is pushed onto `problems` by variable name. */
export function authProvidersConfig(env: NodeJS.ProcessEnv, problems: string[]): AuthProviderConfig[] {
  const names = envList(env.AUTH_PROVIDERS ?? '');
  const providers: AuthProviderConfig[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!NAME.test(name) || name.toLowerCase() === 'default') {
      problems.push(`AUTH_PROVIDERS: "${name}" is not a provider name (letters, digits, "_" and "-"; not "default")`);
      continue;
    }
    if (seen.has(name.toLowerCase())) {
      problems.push(`AUTH_PROVIDERS: "${name}" is listed twice`);
      continue;
    }
    seen.add(name.toLowerCase());
    const entry = provider(env, name, problems);
    if (entry) providers.push(entry);
  }
  return providers;
}
