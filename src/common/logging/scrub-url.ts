import { isSecretName, REDACTED } from './secret-names';

function parameterName(pair: string): string {
  const end = pair.indexOf('=');
  const raw = (end === -1 ? pair : pair.slice(0, end)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A request URL as it may be logged: the value of every secret-carrying query parameter
 * (`?access_token=`, the `?token=` of a reset or invite link, ...) replaced, the rest kept as it arrived.
 */
export function scrubUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url.slice(start + 1).split('&');
  return `${url.slice(0, start)}?${query.map((pair) => (isSecretName(parameterName(pair)) ? `${pair.split('=')[0]}=${REDACTED}` : pair)).join('&')}`;
}
