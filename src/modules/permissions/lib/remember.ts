/** The promise kept under `key`, loaded once; a failed load is forgotten so the next call tries again. */
export function remember<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const hit = map.get(key);
  if (hit) return hit;
  const value = load();
  value.catch(() => map.delete(key));
  map.set(key, value);
  return value;
}
