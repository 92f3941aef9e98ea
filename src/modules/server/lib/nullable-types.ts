/**
 * OpenAPI 3.1 dropped `nullable`: a nullable schema lists `null` among its types instead. Applied to
 * what the live document adds when the system document is 3.1, so either version lints clean.
 */
export function nullableAsType<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullableAsType) as T;
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, v]) => [key, nullableAsType(v)]));
  // Without a type every value, null included, is already allowed.
  if (nullable === true && typeof converted.type === 'string') converted.type = [converted.type, 'null'];
  return converted as T;
}
