/**
 * Keys that lead from any object to a prototype every object shares: `o.__proto__`,
 * `o.constructor.prototype`. A client key or path segment spelled so, once code walks or assigns
 * through it (`target[part] ??= {}`, a deep merge, a diff applied by path), changes Object.prototype for
 * the whole process: every request after it can fail. No field, collection or JSON member of Vellum
 * needs one, so they are refused wherever client data becomes keys.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: unknown): boolean {
  return typeof key === 'string' && PROTOTYPE_KEYS.has(key);
}

/** The first segment of a path (dotted column, diff path) that is a prototype key, or null. */
export function prototypeSegment(path: readonly unknown[]): string | null {
  const found = path.find(isPrototypeKey);
  return found === undefined ? null : (found as string);
}

/**
 * The first own key, at any depth of objects and arrays, that is a prototype key, or null. JSON.parse
 * and YAML keep `"__proto__"` as an own key, which for...in lists (and allocates nothing for, unlike
 * Object.keys). Iterative, so a value nested past the stack's depth (a YAML file, a socket message) is
 * measured rather than crashing.
 */
export function prototypeKeyIn(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || ArrayBuffer.isView(next)) continue;
    if (Array.isArray(next)) {
      for (let i = 0; i < next.length; i++) if (next[i] !== null && typeof next[i] === 'object') pending.push(next[i]);
      continue;
    }
    for (const key in next) {
      if (PROTOTYPE_KEYS.has(key)) return key;
      const member: unknown = (next as Record<string, unknown>)[key];
      if (member !== null && typeof member === 'object') pending.push(member);
    }
  }
  return null;
}

/**
 * Whether JSON text can hold a prototype key at all: only if it spells one, or escapes characters
 * (`"\u005f_proto__"`). Far cheaper than walking what the text parses into, so a stream of small
 * records (an import) walks only the rare record that might.
 */
export function jsonTextMayHoldPrototypeKey(text: string): boolean {
  return (
    text.includes('__proto__') || text.includes('constructor') || text.includes('prototype') || text.includes('\\u')
  );
}

/** The reason a value holding a prototype key is refused, naming the key and where it was sent. */
export function prototypeKeyReason(key: string, where: string): string {
  return `${where} may not use "${key}" as a key`;
}

/** Throws `fail(reason)` when `value` holds a prototype key anywhere. */
export function refusePrototypeKeys(value: unknown, where: string, fail: (reason: string) => Error): void {
  const key = prototypeKeyIn(value);
  if (key !== null) throw fail(prototypeKeyReason(key, where));
}
