/**
 * Adds a real query parameter, so it lands before any `#` fragment of the link (API.md 3.4,
 * reference issue #13078): single-page apps read `token` from the query either way.
 */
export function withQueryParam(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}
