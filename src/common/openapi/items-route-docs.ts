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

/**
 * The docs of the standard routes of an items-like endpoint, one decorator each: the SDK's operation
 * ids, security, the shared query parameters, bodies, answers and errors. Controllers stay one line per route.
 */
export function itemsRouteDocs(r: ItemsResource) {
  const schema = r.schema ?? r.one;
  const one = ref(schema);
  const [plural, singular] = [words(r.many), words(r.one)];
  const aSingular = indefinite(singular);
  const params = Object.entries(r.params ?? {}).map(([name, description]) => ApiParam({ name, description }));
  const idParam = ApiParam({ name: 'id', description: `The ${singular}'s primary key.` });
  const routeAs =
    (auth: ApiAuthOptions) =>
    (id: string, summary: string, description: string, ...rest: MethodDecorator[]) =>
      applyDecorators(ApiDoc({ id, summary, description }), ApiAuth(auth), ...params, ...rest);
  const route = routeAs(r.auth);
  const write = routeAs(r.writeAuth ?? r.auth);
  const writeErrors = ApiErrors(400, 403, ...(r.writeErrors ?? []));

  return {
    list: () =>
      route(
        `read${r.many}`,
        `List ${plural}`,
        [
          `The ${plural} the caller may read, shaped and narrowed by the shared query parameters.`,
          r.listNote,
          SEARCH_NOTE,
        ]
          .filter(Boolean)
          .join(' '),
        ApiListQuery(...(r.query ?? [])),
        ApiData(schema, `\`{ data: [${singular}], meta? }\``, { many: true }),
        ApiErrors(400, 403),
        ApiSearchable(),
      ),
    read: () =>
      route(
        `read${r.one}`,
        `Read ${aSingular}`,
        `One ${singular} by its primary key; 403 when it does not exist or the caller may not read it.`,
        idParam,
        ApiQueryParams(...ONE_QUERY, ...(r.query ?? [])),
        ApiData(schema, `\`{ data: ${singular} }\``),
        ApiErrors(400, 403),
      ),
    create: () =>
      write(
        `create${r.many}`,
        `Create ${plural}`,
        `Creates one ${singular} (an object) or several (an array, all or nothing).`,
        ApiQueryParams(...WRITE_QUERY),
        ApiJsonBody(createBody(one), `One ${singular}, or an array of them.`),
        ApiWritten(schema),
        writeErrors,
      ),
    update: () =>
      write(
        `update${r.many}`,
        `Update ${plural}`,
        `Updates several ${plural}: an array of ${plural} with their primary keys, \`{ keys, data }\` or \`{ query, data }\`.`,
        ApiQueryParams(...WRITE_QUERY),
        ApiJsonBody(updateBody(one), 'The items to change and how.'),
        ApiWritten(schema, { many: true }),
        writeErrors,
      ),
    updateOne: () =>
      write(
        `update${r.one}`,
        `Update ${aSingular}`,
        `Changes the given fields of one ${singular}.`,
        idParam,
        ApiQueryParams(...WRITE_QUERY),
        ApiJsonBody(one, 'The fields to change.'),
        ApiWritten(schema, { one: true }),
        writeErrors,
      ),
    remove: () =>
      write(
        `delete${r.many}`,
        `Delete ${plural}`,
        `Deletes several ${plural}: an array of primary keys, \`{ keys }\` or \`{ query }\`.`,
        ApiJsonBody(DELETE_BODY, 'The items to delete.'),
        ApiNoContentResponse({ description: 'Deleted.' }),
        writeErrors,
      ),
    removeOne: () =>
      write(
        `delete${r.one}`,
        `Delete ${aSingular}`,
        `Deletes one ${singular}.`,
        idParam,
        ApiNoContentResponse({ description: 'Deleted.' }),
        writeErrors,
      ),
  };
}
