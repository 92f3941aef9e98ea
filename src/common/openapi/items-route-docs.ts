import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse, ApiParam, type SchemaObject } from '@nestjs/swagger';
import { ApiErrors, type ErrorStatus } from './error-responses';
import { ApiData, ApiDoc, ApiJsonBody, ApiSearchable, ApiWritten, SEARCH_NOTE } from './operation';
import { ApiListQuery, ApiQueryParams, ONE_QUERY, type QueryParameterName, WRITE_QUERY } from './query-parameters';
import { ref } from './schema-shorthand';
import { ApiAuth, type ApiAuthOptions } from './security';

/** An endpoint served by the items engine (`/items/:collection`, `/files`, `/roles`, ...), for its docs. */
export interface ItemsResource {
  /** The reference SDK's names: `read<many>`, `read<one>`, `create<many>`, `update<one>`, ... */
  many: string;
  one: string;
  /** components.schemas name of one item as read and written; `one` when absent. */
  schema?: string;
  auth: ApiAuthOptions;
  /** The writes' security when it differs from the reads' (`/roles`: read by app users, written by admins). */
  writeAuth?: ApiAuthOptions;
  /** More query parameters of the reads (`Version` for items). */
  query?: QueryParameterName[];
  /** Descriptions of the path parameters besides `id` (`collection` for items). */
  params?: Record<string, string>;
  /** Said of the list beyond the standard (items: what a singleton answers). */
  listNote?: string;
  /** What writes can answer besides 400/403 (e.g. 422 for the last administrator). */
  writeErrors?: ErrorStatus[];
}

/** `ContentVersions` → `content versions`. */
const words = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
const indefinite = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

const keysBody = (data: SchemaObject): SchemaObject => ({
  type: 'object',
  required: ['keys', 'data'],
  properties: { keys: { type: 'array', items: ref('PrimaryKey') }, data },
});
const queryBody = (data: SchemaObject): SchemaObject => ({
  type: 'object',
  required: ['query', 'data'],
  properties: { query: ref('Query'), data },
});

/** Create: one object or an array of them (all or nothing). */
export const createBody = (one: SchemaObject): SchemaObject => ({ oneOf: [one, { type: 'array', items: one }] });
/** Batch update (API.md 1.7): an array of items with their keys, `{ keys, data }` or `{ query, data }`. */
const updateBody = (one: SchemaObject): SchemaObject => ({
  oneOf: [{ type: 'array', items: one }, keysBody(one), queryBody(one)],
});
/** Batch delete (API.md 1.7): an array of keys, `{ keys }` or `{ query }`. */
const DELETE_BODY: SchemaObject = {
  oneOf: [
    { type: 'array', items: ref('PrimaryKey') },
    { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: ref('PrimaryKey') } } },
    { type: 'object', required: ['query'], properties: { query: ref('Query') } },
  ],
};

/** What every route's docs of one items-like endpoint are made of: its names and its security. */
function docsContext(r: ItemsResource) {
  const schema = r.schema ?? r.one;
  const [plural, singular] = [words(r.many), words(r.one)];
  const params = Object.entries(r.params ?? {}).map(([name, description]) => ApiParam({ name, description }));
  const routeAs =
    (auth: ApiAuthOptions) =>
    (id: string, summary: string, description: string, ...rest: MethodDecorator[]) =>
      applyDecorators(ApiDoc({ id, summary, description }), ApiAuth(auth), ...params, ...rest);
  return {
    r,
    schema,
    one: ref(schema),
    plural,
    singular,
    aSingular: indefinite(singular),
    idParam: ApiParam({ name: 'id', description: `The ${singular}'s primary key.` }),
    route: routeAs(r.auth),
    write: routeAs(r.writeAuth ?? r.auth),
    writeErrors: ApiErrors(400, 403, ...(r.writeErrors ?? [])),
  };
}

type DocsContext = ReturnType<typeof docsContext>;

/**
 * The docs of the standard routes of an items-like endpoint, one decorator each: the SDK's operation
 * ids, security, the shared query parameters, bodies, answers and errors. Controllers stay one line per route.
 */
export function itemsRouteDocs(r: ItemsResource) {
  const c = docsContext(r);
  return { ...readDocs(c), ...writeDocs(c), ...deleteDocs(c) };
}

function readDocs(c: DocsContext) {
  return {
    list: () =>
      c.route(
        `read${c.r.many}`,
        `List ${c.plural}`,
        [
          `The ${c.plural} the caller may read, shaped and narrowed by the shared query parameters.`,
          c.r.listNote,
          SEARCH_NOTE,
        ]
          .filter(Boolean)
          .join(' '),
        ApiListQuery(...(c.r.query ?? [])),
        ApiData(c.schema, `\`{ data: [${c.singular}], meta? }\``, { many: true }),
        ApiErrors(400, 403),
        ApiSearchable(),
      ),
    read: () =>
      c.route(
        `read${c.r.one}`,
        `Read ${c.aSingular}`,
        `One ${c.singular} by its primary key; 403 when it does not exist or the caller may not read it.`,
        c.idParam,
        ApiQueryParams(...ONE_QUERY, ...(c.r.query ?? [])),
        ApiData(c.schema, `\`{ data: ${c.singular} }\``),
        ApiErrors(400, 403),
      ),
  };
}

function writeDocs(c: DocsContext) {
  return {
    create: () =>
      c.write(
        `create${c.r.many}`,
        `Create ${c.plural}`,
        `Creates one ${c.singular} (an object) or several (an array, all or nothing).`,
        ApiQueryParams(...WRITE_QUERY),
        ApiJsonBody(createBody(c.one), `One ${c.singular}, or an array of them.`),
        ApiWritten(c.schema),
        c.writeErrors,
      ),
    update: () =>
      c.write(
        `update${c.r.many}`,
        `Update ${c.plural}`,
        `Updates several ${c.plural}: an array of ${c.plural} with their primary keys, \`{ keys, data }\` or \`{ query, data }\`.`,
        ApiQueryParams(...WRITE_QUERY),
        ApiJsonBody(updateBody(c.one), 'The items to change and how.'),
        ApiWritten(c.schema, { many: true }),
        c.writeErrors,
      ),
    updateOne: () =>
      c.write(
        `update${c.r.one}`,
        `Update ${c.aSingular}`,
        `Changes the given fields of one ${c.singular}.`,
        c.idParam,
        ApiQueryParams(...WRITE_QUERY),
        ApiJsonBody(c.one, 'The fields to change.'),
        ApiWritten(c.schema, { one: true }),
        c.writeErrors,
      ),
  };
}

function deleteDocs(c: DocsContext) {
  return {
    remove: () =>
      c.write(
        `delete${c.r.many}`,
        `Delete ${c.plural}`,
        `Deletes several ${c.plural}: an array of primary keys, \`{ keys }\` or \`{ query }\`.`,
        ApiJsonBody(DELETE_BODY, 'The items to delete.'),
        ApiNoContentResponse({ description: 'Deleted.' }),
        c.writeErrors,
      ),
    removeOne: () =>
      c.write(
        `delete${c.r.one}`,
        `Delete ${c.aSingular}`,
        `Deletes one ${c.singular}.`,
        c.idParam,
        ApiNoContentResponse({ description: 'Deleted.' }),
        c.writeErrors,
      ),
  };
}
