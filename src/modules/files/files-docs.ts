import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import { ApiDoc, ApiJsonBody, ApiWritten, type OperationDoc } from '../../common/openapi/operation';
import { ApiQueryParams, WRITE_QUERY } from '../../common/openapi/query-parameters';
import { ApiBodyRef } from '../../common/openapi/request-bodies';
import { ApiAuth } from '../../common/openapi/security';
import { ImportFileDto } from './dto/import-file.dto';

/** A write of file records answered as the written records: the caller's identity, `fields`, 403. */
const write = (doc: OperationDoc, ...rest: MethodDecorator[]) =>
  applyDecorators(ApiDoc(doc), ApiAuth({ anonymous: true }), ApiQueryParams(...WRITE_QUERY), ApiErrors(403), ...rest);

/** The docs of /files (API.md 6.2, 6.4), one decorator per route. */
export const FILES_DOCS = {
  ...itemsRouteDocs({ many: 'Files', one: 'File', auth: { anonymous: true } }),
  upload: () =>
    write(
      {
        id: 'uploadFiles',
        summary: 'Upload files',
        description:
          'Multipart: each file part is stored as a new file, with the text fields before it as its fields (title, folder, ...). JSON: a record without content (`type` and `storage` required), or several.',
      },
      ApiBodyRef('FileUpload'),
      ApiWritten('File'),
    ),
  import: () =>
    write(
      {
        id: 'importFile',
        summary: 'Import a file from a URL',
        description:
          'Downloads the file at `url` (http or https, public addresses only) into a new file record with the fields of `data`.',
      },
      ApiJsonBody(ImportFileDto, 'The address to download and the fields of the new file.'),
      ApiWritten('File', { one: true }),
    ),
  updateOne: () =>
    write(
      {
        id: 'updateFile',
        summary: 'Update a file',
        description:
          'JSON: changes the fields of the file record. Multipart: replaces its content (and the fields sent before the file part), keeping its id.',
      },
      ApiBodyRef('FileReplace'),
      ApiWritten('File', { one: true }),
    ),
  purgeTransforms: () =>
    applyDecorators(
      ApiDoc({
        id: 'purgeFileTransforms',
        summary: 'Purge the transformations of a file',
        description: 'Deletes the stored image transformations of a file; the original stays. Administrators only.',
      }),
      ApiNoContentResponse({ description: 'The transformations are gone.' }),
    ),
};
