import type { Response } from 'supertest';

/** The whole Set-Cookie line for `name`, attributes included. */
export function setCookieLine(res: Response, name: string): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** The value a Set-Cookie line gives `name`. */
export function cookieValue(res: Response, name: string): string | undefined {
  const line = setCookieLine(res, name);
  return line === undefined ? undefined : decodeURIComponent(line.slice(name.length + 1).split(';')[0]);
}

/** True when the response removes the cookie (empty value, expiry in the past). */
export function clearsCookie(res: Response, name: string): boolean {
  const line = setCookieLine(res, name);
  return line !== undefined && line.startsWith(`${name}=;`) && /Expires=Thu, 01 Jan 1970/.test(line);
}
