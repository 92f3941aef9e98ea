/** A comma-separated variable's items, trimmed, empty ones dropped. */
export function envList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
