import { randomBytes } from 'node:crypto';

/** URL-safe alphabet of the reference platform (nanoid): 64 symbols, so `byte & 63` is uniform. */
export const RANDOM_STRING_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
export const RANDOM_STRING_DEFAULT_LENGTH = 32;
export const RANDOM_STRING_MIN_LENGTH = 1;
export const RANDOM_STRING_MAX_LENGTH = 500;

/** A cryptographically random string of `length` URL-safe characters. */
export function randomString(length: number, bytes: (n: number) => Buffer = randomBytes): string {
  const source = bytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += RANDOM_STRING_ALPHABET[source[i] & 63];
  return out;
}
