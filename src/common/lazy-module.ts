/**
 * A module loaded on its first use. What only some requests need (YAML, XML, image processing, mail,
 * one-time codes) should neither lengthen the start nor sit in an idle server's memory.
 */
export function lazyModule<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
