/**
 * API.md 3.4: a caller-supplied link target is allowed when it equals an allow-list entry, or has the
 * same origin and path as one (its query string does not matter).
 */
export function isUrlAllowed(url: string, allowList: readonly string[]): boolean {
  if (allowList.includes(url)) return true;
  const target = parse(url);
  if (!target) return false;
  return allowList.some((entry) => {
    const allowed = parse(entry);
    return allowed !== null && allowed.origin === target.origin && allowed.pathname === target.pathname;
  });
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
