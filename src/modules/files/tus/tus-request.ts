import type { IncomingHttpHeaders } from 'node:http';
import { ContentTooLargeError, InvalidPayloadError, UnsupportedMediaTypeError } from '../../../common/errors/errors';
import { multipartFields } from '../lib/file-values';

/** The one protocol version the tus server speaks. */
export const TUS_VERSION = '1.0.0';
const NON_NEGATIVE_INT = /^\d{1,15}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/**
 * Metadata keys that are not file fields as they are: the tus convention's name and media type, the
 * reference platform's own names for them (what its clients send), and the keys that name a file to
 * replace (Vellum's `replace_id`, the reference's `id`).
 */
const FILENAME = ['filename', 'filename_download'] as const;
const FILETYPE = ['filetype', 'type'] as const;
const REPLACE_ID = ['replace_id', 'id'] as const;
/** Set by the server on creation: the user who may continue the upload. Clients may not send it. */
export const OWNER_KEY = 'vellum_owner';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `Upload-Metadata` (tus 1.0.0): comma-separated `key base64value` pairs; a key alone has an empty value. */
export function parseUploadMetadata(raw: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = Object.create(null) as Record<string, string>;
  if (raw === undefined || raw.trim() === '') return metadata;
  for (const pair of raw.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || (value !== undefined && (!BASE64.test(value) || value.length % 4 !== 0))) {
      throw new InvalidPayloadError('"Upload-Metadata" must be comma-separated pairs of a key and a base64 value');
    }
    if (key in metadata) throw new InvalidPayloadError(`"Upload-Metadata" names "${key}" twice`);
    metadata[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

function nonNegativeInt(headers: IncomingHttpHeaders, name: string): number | undefined {
  const value = header(headers, name);
  if (value === undefined) return undefined;
  if (!NON_NEGATIVE_INT.test(value.trim())) throw new InvalidPayloadError(`"${name}" must be a non-negative integer`);
  return Number(value.trim());
}

/**
 * Checks the tus headers of a request before the tus server sees it, so that malformed ones answer the
 * standard error body (400) rather than the library's plain text, and an upload over the size limit is
 * refused before any byte is stored (413).
 */
export function assertTusHeaders(method: string, headers: IncomingHttpHeaders, maxSize: number | undefined): void {
  if (method === 'OPTIONS') return;
  if (header(headers, 'tus-resumable') !== TUS_VERSION)
    throw new InvalidPayloadError(`"Tus-Resumable" must be "${TUS_VERSION}"`);
  if (method === 'POST') {
    if (header(headers, 'upload-concat') !== undefined)
      throw new InvalidPayloadError('Concatenated uploads are not supported');
    const length = nonNegativeInt(headers, 'upload-length');
    const deferred = header(headers, 'upload-defer-length');
    if (length === undefined && deferred !== '1')
      throw new InvalidPayloadError('"Upload-Length" or "Upload-Defer-Length: 1" is required');
    if (length !== undefined && deferred !== undefined)
      throw new InvalidPayloadError('"Upload-Length" and "Upload-Defer-Length" exclude each other');
    if (length !== undefined && maxSize !== undefined && length > maxSize) throw new ContentTooLargeError();
    parseUploadMetadata(header(headers, 'upload-metadata'));
  }
  if (method === 'PATCH') {
    if (nonNegativeInt(headers, 'upload-offset') === undefined)
      throw new InvalidPayloadError('"Upload-Offset" is required');
    nonNegativeInt(headers, 'upload-length');
    const type = header(headers, 'content-type') ?? '';
    if (type.split(';')[0].trim().toLowerCase() !== 'application/offset+octet-stream') {
      throw new UnsupportedMediaTypeError(type || 'none', 'tus upload chunk');
    }
  }
}

export interface TusFileRequest {
  /** File fields for FilesService (the tus `filename` and `filetype` become `filename_download` and `type`). */
  fields: Record<string, unknown>;
  filename: string;
  type: string | null;
  /** The file whose content the upload replaces (`PATCH /files/:id` in resumable form). */
  replaceId: string | null;
}

/** What an upload's metadata asks for; values follow the multipart rules (`null`, `true`, `false`). */
export function tusFileRequest(metadata: Record<string, string | null | undefined>): TusFileRequest {
  if (OWNER_KEY in metadata) throw new InvalidPayloadError(`"${OWNER_KEY}" is set by the server`);
  return fileRequestOf(metadata);
}

/** The same for an upload the server created (its metadata carries the owner). */
export function storedFileRequest(metadata: Record<string, string | null | undefined>): TusFileRequest {
  const { [OWNER_KEY]: _owner, ...rest } = metadata;
  return fileRequestOf(rest);
}

function fileRequestOf(metadata: Record<string, string | null | undefined>): TusFileRequest {
  const special = new Set<string>([...FILENAME, ...FILETYPE, ...REPLACE_ID]);
  const first = (keys: readonly string[]) =>
    keys.map((key) => metadata[key]).find((value) => value !== undefined && value !== null && value !== '');
  const rest = Object.entries(metadata).filter(([key, value]) => !special.has(key) && value !== undefined);
  return {
    fields: multipartFields(Object.fromEntries(rest)),
    filename: first(FILENAME) ?? '',
    type: first(FILETYPE) ?? null,
    replaceId: first(REPLACE_ID) ?? null,
  };
}
