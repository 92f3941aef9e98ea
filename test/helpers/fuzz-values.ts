/** mulberry32: a tiny seeded PRNG, so a failing fuzz run replays exactly from its printed seed. */
export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A JSON value whose text must be sent as is (numbers beyond double precision, duplicate keys). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises a body that may hold RawJson pieces. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** JSON text nested `depth` times, kept as text so the fuzzer itself never recurses that deep. */
export function deepJson(depth: number, open: string, leaf: string, close: string): RawJson {
  return new RawJson(open.repeat(depth) + leaf + close.repeat(depth));
}

/**
 * Values that are wrong almost anywhere: other JSON types, extremes, hostile strings, deep nesting and
 * prototype-pollution keys. Small positive integers are left out on purpose: they are real primary keys
 * of the seeded rows, and a fuzzer that guesses them is testing permissions, not input handling.
 */
export const JUNK_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('9007199254740993'),
  new RawJson('123456789012345678901234567890'),
  2147483648,
  '',
  ' ',
  'x',
  'a'.repeat(70_000),
  '\u0000',
  '\u202e\u0000\ud83d\ude00',
  'ünïcødé ✓ 😀',
  "' OR 1=1 --",
  '"; DROP TABLE svc_users; --',
  '`id`',
  '$NOW',
  '$NOW(-1000000 years)',
  '$CURRENT_USER.role.name',
  '$CURRENT_ROLE',
  '{"a":1}',
  '[1,2',
  '*',
  '*.*.*.*.*.*.*.*.*.*.*.*',
  'count(*)',
  'year(',
  '../../etc/passwd',
  '2024-13-45T99:99:99Z',
  'NaN',
  '-Infinity',
  'true',
  'null',
  'svc_users',
  '__proto__',
  [],
  [null],
  [[[[]]]],
  ['a', 1, null, {}],
  Array.from({ length: 5000 }, (_v, i) => i * 1000 + 1000),
  {},
  { _eq: null },
  { _nope: 1 },
  { _and: {} },
  { _or: [1, 'x'] },
  { _in: 'x' },
  { _between: [1] },
  { _some: { _none: {} } },
  { '': '' },
  { 'a.b.c': 1 },
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  { constructor: { prototype: { polluted: 'yes' } } },
  { prototype: { polluted: 'yes' } },
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
  new RawJson('{"a":1,"a":{"__proto__":{"polluted":"yes"}}}'),
  deepJson(300, '{"a":', '"x"', '}'),
  deepJson(6000, '[', '1', ']'),
  deepJson(6000, '{"_and":[', '{}', ']}'),
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** The paths of every position (objects, arrays and leaves) of a JSON value, root excluded. */
export function positions(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push([...at, i], ...positions(v, [...at, i])));
  } else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [k, v] of Object.entries(value)) out.push([...at, k], ...positions(v, [...at, k]));
  }
  return out;
}

function cloneWith(value: unknown, path: (string | number)[], replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? cloneWith(v, rest, replace) : v));
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    copy[k] = k === head ? cloneWith(v, rest, replace) : v;
  return copy;
}

/** The template with the value at `path` replaced (structurally shared, the template is not changed). */
export function replaceAt(template: unknown, path: (string | number)[], junk: unknown): unknown {
  return cloneWith(template, path, () => junk);
}

/** The template with a prototype-pollution key added to the object at `path` (or the root). */
export function injectKey(template: unknown, path: (string | number)[], key: string, junk: unknown): unknown {
  return cloneWith(template, path, (old) => {
    if (old === null || typeof old !== 'object' || Array.isArray(old)) return old;
    const copy = { ...(old as Record<string, unknown>) };
    Object.defineProperty(copy, key, { value: junk, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}
