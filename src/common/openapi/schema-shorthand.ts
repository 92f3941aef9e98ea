import type { SchemaObject } from '@nestjs/swagger';

/**
 * A property in one word, so a resource's schema reads like its table: `string`, `integer`, `number`,
 * `boolean`, `uuid`, `datetime`, `strings` (a list), `json` (any value), `m2o:<what>` (the key of a
 * related item, or the item itself when `fields` reaches into it), `o2m:<what>` (their list); a
 * trailing `?` makes it nullable.
 */
export type PropertySpec = string | SchemaObject;

const BASE: Record<string, SchemaObject> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  uuid: { type: 'string', format: 'uuid' },
  datetime: { type: 'string', format: 'date-time' },
  strings: { type: 'array', items: { type: 'string' } },
};

export function property(spec: PropertySpec): SchemaObject {
  if (typeof spec !== 'string') return spec;
  const nullable = spec.endsWith('?');
  const word = nullable ? spec.slice(0, -1) : spec;
  const [kind, target] = word.split(':');
  // No type: a key or an object, null included (OpenAPI 3.0 cannot say `nullable` without a type).
  if (kind === 'json') return {};
  if (kind === 'm2o')
    return {
      description: `The key of the related ${target}, or the ${target} itself when \`fields\` reaches into it.`,
    };
  if (kind === 'o2m')
    return {
      type: 'array',
      items: {},
      description: `The keys of the related ${target}, or the ${target} themselves when \`fields\` reaches into them.`,
    };
  const base = BASE[kind];
  if (!base) throw new Error(`Unknown property shorthand "${spec}"`);
  return nullable ? { ...base, nullable: true } : base;
}

/** An object schema; every property is optional since `fields` chooses which ones an answer has. */
export function object(properties: Record<string, PropertySpec>, extra: Partial<SchemaObject> = {}): SchemaObject {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([name, spec]) => [name, property(spec)])),
    ...extra,
  };
}

export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` }) as SchemaObject;
