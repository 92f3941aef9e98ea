import type { OpenAPIObject, PathItemObject, SchemaObject, TagObject } from '@nestjs/swagger';
import type { PermissionAction } from '../../permissions/permissions.service';
import type { SchemaOverview } from '../../schema/schema-overview';
import { isSystemCollection } from '../../schema/system-schema';
import { keySchema } from './field-schema';
import { itemPaths } from './item-paths';
import { createRequired, itemSchema } from './item-schema';
import { itemsNames } from './items-names';
import { nullableAsType } from './nullable-types';
import { completeComponents } from './oas-components';

const ACTIONS: readonly PermissionAction[] = ['create', 'read', 'update', 'delete'];

/** What the document shows a caller: which collections, fields and actions. */
export interface LiveAccess {
  /** The fields the caller may read of a collection: all (`*`), some, or none (null: no read at all). */
  readable(collection: string): '*' | ReadonlySet<string> | null;
  allowed(collection: string, action: PermissionAction): boolean;
  /** Whether anonymous callers may do it too. */
  publicAllowed(collection: string, action: PermissionAction): boolean;
}

/** The user collections with a table that the caller may read, by name. */
export function readableCollections(overview: SchemaOverview, access: Pick<LiveAccess, 'readable'>): string[] {
  return [...overview.collections.values()]
    .filter((c) => c.table && !isSystemCollection(c.collection) && access.readable(c.collection) !== null)
    .map((c) => c.collection);
}

function operationIds(paths: OpenAPIObject['paths']): Set<string> {
  const ids = Object.values(paths).flatMap((path) =>
    Object.values(path as Record<string, { operationId?: string }>).map((op) => op?.operationId),
  );
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}

/** Component names the added paths refer to, by kind (`#/components/<kind>/<name>`). */
function referenced(value: unknown, kind: string, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referenced(v, kind, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith(`#/components/${kind}/`))
        found.add(v.slice(`#/components/${kind}/`.length));
      else referenced(v, kind, found);
    }
  }
  return found;
}

/** The collection tags go right after the base document's `Items` tag, so the reference's tag order stays. */
function mergeTags(base: TagObject[] | undefined, added: TagObject[]): TagObject[] {
  const tags = [...(base ?? [])];
  const at = tags.findIndex((tag) => tag.name === 'Items');
  tags.splice(at < 0 ? tags.length : at + 1, 0, ...added);
  return tags;
}

/**
 * The system document plus, for the caller, a tag, an item schema and a path set per collection they
 * may read (the reference platform's live `/server/specs/oas`): only the fields they may read and the
 * operations they may call. Whatever shared component the added paths use and the base lacks is added.
 */
export function liveDocument(base: OpenAPIObject, overview: SchemaOverview, access: LiveAccess): OpenAPIObject {
  const collections = readableCollections(overview, access);
  const taken = new Set([...(base.tags ?? []).map((t) => t.name), ...Object.keys(base.components?.schemas ?? {})]);
  const names = itemsNames(collections, taken, operationIds(base.paths));
  const schemaRef = (collection: string) => names.get(collection)?.name;
  const tags: TagObject[] = [];
  const schemas: Record<string, SchemaObject> = {};
  const paths: Record<string, PathItemObject> = {};
  for (const name of collections) {
    const collection = overview.collection(name)!;
    const itemNames = names.get(name)!;
    const readable = access.readable(name);
    const fields = Object.values(collection.fields).filter((f) => readable === '*' || readable?.has(f.field));
    const schema = itemSchema(overview, { collection, fields }, schemaRef);
    schemas[itemNames.name] = schema;
    const tag: TagObject & { 'x-collection': string } = {
      name: itemNames.name,
      description: collection.meta?.note ?? `Items of the \`${name}\` collection.`,
      'x-collection': name,
    };
    tags.push(tag);
    const listed = collection.primary in (schema.properties ?? {});
    Object.assign(
      paths,
      itemPaths({
        collection: name,
        singleton: collection.singleton,
        names: itemNames,
        key: { schema: keySchema(collection), field: listed ? collection.primary : null },
        required: createRequired({ collection, fields }, schema),
        actions: new Set(ACTIONS.filter((action) => access.allowed(name, action))),
        publicActions: new Set(ACTIONS.filter((action) => access.publicAllowed(name, action))),
      }),
    );
  }
  const used = { parameters: referenced(paths, 'parameters'), responses: referenced(paths, 'responses') };
  const v31 = base.openapi.startsWith('3.1');
  const added = v31 ? nullableAsType({ schemas, paths }) : { schemas, paths };
  return {
    ...base,
    tags: mergeTags(base.tags, tags),
    paths: { ...base.paths, ...added.paths },
    components: completeComponents(base.components, added.schemas, used),
  };
}
