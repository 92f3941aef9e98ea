import type {
  OperationObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponsesObject,
  SchemaObject,
} from '@nestjs/swagger';
import type { PermissionAction } from '../../permissions/permissions.service';
import type { ItemOperation, ItemsName } from './items-names';

/** What the paths of one collection are built from. */
export interface ItemPathsInput {
  collection: string;
  singleton: boolean;
  names: ItemsName;
  /** The primary key: its schema, and its field when the item schema lists it (batch updates then require it). */
  key: { schema: SchemaObject; field: string | null };
  /** The fields a create must carry. */
  required: string[];
  /** What the caller may do, and what anonymous callers may do too (their operations also answer without a token). */
  actions: ReadonlySet<PermissionAction>;
  publicActions: ReadonlySet<PermissionAction>;
}

const SCHEMES = ['bearerAuth', 'accessTokenQuery', 'sessionCookie'];
const LIST_PARAMS = [
  'Fields',
  'Filter',
  'Sort',
  'Limit',
  'Offset',
  'Page',
  'Search',
  'Meta',
  'Deep',
  'Aggregate',
  'GroupBy',
  'Alias',
  'Export',
];
const ONE_PARAMS = ['Fields', 'Deep', 'Alias', 'Version'];
const ERRORS: Record<string, string> = { '400': 'BadRequest', '401': 'Unauthorized', '403': 'Forbidden' };
const BODY_ERRORS: Record<string, string> = { ...ERRORS, '413': 'PayloadTooLarge' };
const UNREADABLE = { '204': { description: 'Written, but the caller may not read the result back.' } };
const DELETED = { '204': { description: 'Deleted.' } };

const ref = (kind: string, name: string): ReferenceObject => ({ $ref: `#/components/${kind}/${name}` });
const array = (items: SchemaObject | ReferenceObject): SchemaObject => ({ type: 'array', items });
const object = (
  properties: Record<string, SchemaObject | ReferenceObject>,
  required = Object.keys(properties),
): SchemaObject => ({ type: 'object', required, properties });
const withRequired = (schema: ReferenceObject, required: string[]): SchemaObject | ReferenceObject =>
  required.length ? { allOf: [schema], required } : schema;
const QUERY: SchemaObject = {
  type: 'object',
  description: 'A query (`filter`, `search`, `limit`, ...) selecting the items.',
  additionalProperties: true,
};

function ok(description: string, data: SchemaObject | ReferenceObject, meta = false): ResponsesObject {
  const counts: SchemaObject = {
    type: 'object',
    description: 'The counts asked for with `meta`.',
    properties: { total_count: { type: 'integer' }, filter_count: { type: 'integer' } },
  };
  return {
    '200': {
      description,
      content: {
        'application/json': { schema: { type: 'object', properties: { data, ...(meta && { meta: counts }) } } },
      },
    },
  };
}

interface Parts {
  summary: string;
  description: string;
  params?: string[];
  body?: [string, SchemaObject | ReferenceObject];
  responses: ResponsesObject;
}

function operation(input: ItemPathsInput, op: ItemOperation, action: PermissionAction, parts: Parts): OperationObject {
  const errors = parts.body ? BODY_ERRORS : ERRORS;
  const requestBody: RequestBodyObject | undefined = parts.body && {
    required: true,
    description: parts.body[0],
    content: { 'application/json': { schema: parts.body[1] } },
  };
  return {
    operationId: input.names.operationIds[op],
    summary: parts.summary,
    description: parts.description,
    tags: [input.names.name],
    security: [...SCHEMES.map((scheme) => ({ [scheme]: [] })), ...(input.publicActions.has(action) ? [{}] : [])],
    parameters: (parts.params ?? []).map((name) => ref('parameters', name)),
    ...(requestBody && { requestBody }),
    responses: {
      ...parts.responses,
      ...Object.fromEntries(Object.entries(errors).map(([status, name]) => [status, ref('responses', name)])),
    },
  };
}

/** `/items/<collection>` of a regular collection: list, create, batch update, batch delete. */
function listPath(input: ItemPathsInput, item: ReferenceObject): PathItemObject {
  const c = `\`${input.collection}\``;
  const key = input.key.schema;
  const path: PathItemObject = {};
  const created = withRequired(item, input.required);
  const keyed = input.key.field ? withRequired(item, [input.key.field]) : item;
  if (input.actions.has('read'))
    path.get = operation(input, 'readItems', 'read', {
      summary: `List ${c} items`,
      description: `The ${c} items the caller may read, shaped by the query parameters.`,
      params: LIST_PARAMS,
      responses: ok(`The ${c} items.`, array(item), true),
    });
  if (input.actions.has('create'))
    path.post = operation(input, 'createItem', 'create', {
      summary: `Create ${c} items`,
      description: `Creates one ${c} item (an object) or several (an array), then answers them as \`fields\` asks.`,
      params: ['Fields'],
      body: ['One item, or an array of items.', { oneOf: [created, array(created)] }],
      responses: { ...ok('The created item or items.', { oneOf: [item, array(item)] }), ...UNREADABLE },
    });
  if (input.actions.has('update'))
    path.patch = operation(input, 'updateItems', 'update', {
      summary: `Update ${c} items`,
      description: `Updates several ${c} items: an array of items with their keys, the same \`data\` for \`keys\`, or for the items a \`query\` selects.`,
      params: ['Fields'],
      body: [
        'Items with their keys, `{ keys, data }` or `{ query, data }`.',
        { oneOf: [array(keyed), object({ keys: array(key), data: item }), object({ query: QUERY, data: item })] },
      ],
      responses: { ...ok('The updated items.', array(item)), ...UNREADABLE },
    });
  if (input.actions.has('delete'))
    path.delete = operation(input, 'deleteItems', 'delete', {
      summary: `Delete ${c} items`,
      description: `Deletes several ${c} items: an array of keys, \`{ keys }\`, or the items a \`query\` selects.`,
      body: [
        'Keys, `{ keys }` or `{ query }`.',
        { oneOf: [array(key), object({ keys: array(key) }), object({ query: QUERY })] },
      ],
      responses: DELETED,
    });
  return path;
}

/** `/items/<collection>/{id}`: one item by key. */
function itemPath(input: ItemPathsInput, item: ReferenceObject): PathItemObject {
  const c = `\`${input.collection}\``;
  const path: PathItemObject = {
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: `The primary key of the ${c} item.`,
        schema: input.key.schema,
      },
    ],
  };
  if (input.actions.has('read'))
    path.get = operation(input, 'readItem', 'read', {
      summary: `Read a ${c} item`,
      description: `One ${c} item by its key; 403 when it does not exist or the caller may not read it.`,
      params: ONE_PARAMS,
      responses: ok(`The ${c} item.`, item),
    });
  if (input.actions.has('update'))
    path.patch = operation(input, 'updateItem', 'update', {
      summary: `Update a ${c} item`,
      description: `Changes the fields sent, then answers the item as \`fields\` asks.`,
      params: ['Fields'],
      body: ['The fields to change.', item],
      responses: { ...ok('The updated item.', item), ...UNREADABLE },
    });
  if (input.actions.has('delete'))
    path.delete = operation(input, 'deleteItem', 'delete', {
      summary: `Delete a ${c} item`,
      description: `Deletes one ${c} item by its key.`,
      responses: DELETED,
    });
  return path;
}

/** `/items/<singleton>`: the one item of a singleton, read and written without a key. */
function singletonPath(input: ItemPathsInput, item: ReferenceObject): PathItemObject {
  const c = `\`${input.collection}\``;
  const path: PathItemObject = {};
  if (input.actions.has('read'))
    path.get = operation(input, 'readSingleton', 'read', {
      summary: `Read the ${c} singleton`,
      description: `The one item of the ${c} singleton.`,
      params: ONE_PARAMS,
      responses: ok(`The ${c} item.`, item),
    });
  if (input.actions.has('update'))
    path.patch = operation(input, 'updateSingleton', 'update', {
      summary: `Update the ${c} singleton`,
      description: `Changes the fields sent (creating the item when there is none yet).`,
      params: ['Fields'],
      body: ['The fields to change.', item],
      responses: { ...ok('The updated item.', item), ...UNREADABLE },
    });
  return path;
}

/**
 * The paths of one collection, as the reference platform's live document has them: only the
 * operations the caller's permissions allow, typed by the collection's item schema.
 */
export function itemPaths(input: ItemPathsInput): Record<string, PathItemObject> {
  const item = ref('schemas', input.names.name);
  const base = `/items/${input.collection}`;
  if (input.singleton) return { [base]: singletonPath(input, item) };
  const paths: Record<string, PathItemObject> = {
    [base]: listPath(input, item),
    [`${base}/{id}`]: itemPath(input, item),
  };
  // A caller who may only create gets no per-item operation: an empty path item would say nothing.
  return Object.fromEntries(
    Object.entries(paths).filter(([, path]) => Object.keys(path).some((k) => k !== 'parameters')),
  );
}
