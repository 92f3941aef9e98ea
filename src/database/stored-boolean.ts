/** A boolean column's raw value as each vendor returns it (true, 1, '1', 't') read as one. */
export function storedBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}
