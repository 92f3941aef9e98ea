/** What a log line shows instead of a secret. */
export const REDACTED = '[redacted]';

/**
 * Whether a field or query parameter of this name carries a secret: a token of any kind (`access_token`,
 * `refresh_token`, a reset or invite `token`), a password, a secret (`tfa_secret`, S3's), a one-time code,
 * credentials and the headers that carry them. Names are split into words, so `filter[token][_eq]` is
 * caught and `footprint` is not.
 */
export function isSecretName(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => SECRET_WORDS.has(word) || SECRET_ENDINGS.some((ending) => word.endsWith(ending)));
}

const SECRET_WORDS = new Set(['otp', 'authorization', 'cookie', 'credential', 'credentials']);
const SECRET_ENDINGS = ['token', 'password', 'passwd', 'secret', 'signature', 'accesskeyid'];
