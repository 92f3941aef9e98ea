import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiData, ApiDoc, ApiJsonBody, type OperationDoc } from '../../common/openapi/operation';
import { ApiBodyRef } from '../../common/openapi/request-bodies';
import { ref } from '../../common/openapi/schema-shorthand';
import { ApiAuth, ApiPublic } from '../../common/openapi/security';
import { ExportItemsDto } from './dto/export-items.dto';
import { GenerateHashDto } from './dto/generate-hash.dto';
import { SortItemsDto } from './dto/sort-items.dto';
import { VerifyHashDto } from './dto/verify-hash.dto';

/** Answered by the caller's identity, with the public role's permissions for anonymous callers. */
const route = (doc: OperationDoc, ...rest: MethodDecorator[]) =>
  applyDecorators(ApiDoc(doc), ApiAuth({ anonymous: true }), ...rest);
const COLLECTION = ApiParam({ name: 'collection', description: 'A user collection, e.g. `articles`.' });
const errorBody = (status: number, description: string) => ApiResponse({ status, description, schema: ref('Error') });

/** The docs of /utils (API.md "Limits" for hashing, imports and exports), one decorator per route. */
export const UTILS_DOCS = {
  generateHash: () =>
    route(
      {
        id: 'generateHash',
        summary: 'Hash a string',
        description:
          'An argon2id hash of the string, as stored for `hash` fields; signed-in callers get their own share of the hashing capacity.',
      },
      ApiJsonBody(GenerateHashDto, 'The string to hash.'),
      ApiData({ type: 'string', example: '$argon2id$v=19$m=65536,t=3,p=4$...' }, '`{ data: "$argon2id$..." }`'),
    ),
  verifyHash: () =>
    route(
      {
        id: 'verifyHash',
        summary: 'Check a string against a hash',
        description:
          'Whether the string matches the argon2 hash; a `hash` that is not an argon2 hash is 400 INVALID_PAYLOAD.',
      },
      ApiJsonBody(VerifyHashDto, 'The string and the hash.'),
      ApiData({ type: 'boolean' }, '`{ data: true | false }`'),
    ),
  randomString: () =>
    applyDecorators(
      ApiDoc({
        id: 'randomString',
        summary: 'Generate a random string',
        description:
          'A random URL-safe string of `length` characters (1 to 500); `length` outside is 400 INVALID_QUERY.',
      }),
      ApiPublic(),
      ApiErrors(400),
      ApiData({ type: 'string' }, '`{ data: "<random URL-safe string>" }`'),
    ),
  clearCache: () =>
    applyDecorators(
      ApiDoc({
        id: 'clearCache',
        summary: 'Clear the cache',
        description:
          'Empties the response cache; with `system`, also reloads the schema, permissions and settings on every instance. Administrators only.',
      }),
      ApiErrors(400),
      ApiOkResponse({ description: 'Empty body.' }),
    ),
  sort: () =>
    route(
      {
        id: 'utilitySort',
        summary: 'Move an item in the manual order',
        description:
          '`item` takes the place of `to` in the collection’s sort field, the items between shifted. The collection needs a sort field, the caller update permission.',
      },
      COLLECTION,
      ApiJsonBody(SortItemsDto, 'The item to move and the item whose place it takes.'),
      ApiErrors(403),
      ApiOkResponse({ description: 'Empty body: `item` now has the place of `to`.' }),
    ),
  revert: () =>
    route(
      {
        id: 'revertRevision',
        summary: 'Revert an item to a revision',
        description:
          "Writes the revision's data back to its item, as an update the caller must be allowed (read the revision, update the item).",
      },
      ApiParam({ name: 'revision', description: 'The revision’s id.' }),
      ApiErrors(400, 403),
      ApiNoContentResponse({ description: "The revision's item has the revision's data back." }),
    ),
  import: () =>
    route(
      {
        id: 'utilsImport',
        summary: 'Import items from a file',
        description:
          'Creates (or, with their primary keys, updates) the items of a JSON or CSV file in one transaction: all rows or none, errors naming their lines. ' +
          'With `background=true` the answer is the job at once and the import runs after. 403 also when `IMPORT_MAX_CONCURRENCY` imports are running (LIMIT_EXCEEDED).',
      },
      COLLECTION,
      ApiQuery({
        name: 'background',
        required: false,
        type: Boolean,
        description: 'Answer at once with the job; the import runs after.',
      }),
      ApiBodyRef('ImportUpload'),
      ApiErrors(403),
      ApiOkResponse({
        description: 'Empty once every row is written; `{ data: job }` at once with `background=true`.',
        schema: { type: 'object', properties: { data: ref('Job') } },
      }),
      errorBody(408, 'The import took longer than `IMPORT_TIMEOUT` (OUT_OF_TIME); nothing is written.'),
      errorBody(
        415,
        'The request is not multipart, or the file part is neither JSON nor CSV (UNSUPPORTED_MEDIA_TYPE).',
      ),
    ),
  export: () =>
    route(
      {
        id: 'utilsExport',
        summary: 'Export items to a file',
        description:
          'Starts writing the items the query selects to a new file of the file library; `Location` names the job to follow (`GET /utils/jobs/{id}`).',
      },
      COLLECTION,
      ApiJsonBody(ExportItemsDto, 'The format, the read query, and fields of the new file.'),
      ApiErrors(400, 403),
      ApiNoContentResponse({
        description:
          'The export runs after the answer; `Location` names its job, which shows the rows written and, once done, the new file. ' +
          'An unknown collection, or no read permission on it or no create permission on files (anonymous callers included), is 403 FORBIDDEN and starts no job.',
        headers: { Location: { description: 'The job: `/utils/jobs/{id}`.', schema: { type: 'string' } } },
      }),
    ),
  listJobs: () =>
    applyDecorators(
      ApiDoc({
        id: 'readJobs',
        summary: 'List your jobs',
        description: "The caller's import and export jobs, newest first; 403 for anonymous callers.",
      }),
      ApiAuth(),
      ApiErrors(400, 403),
      ApiData('Job', "`{ data: [job] }`: the caller's import and export jobs, newest first.", {
        many: true,
        meta: false,
      }),
    ),
  readJob: () =>
    applyDecorators(
      ApiDoc({
        id: 'readJob',
        summary: 'Read a job',
        description:
          'The state of an import or export: rows done, errors and, for an export, the id of the file once written. 403 for an unknown job or another user’s.',
      }),
      ApiAuth(),
      ApiErrors(403),
      ApiData('Job', '`{ data: job }`'),
    ),
};
