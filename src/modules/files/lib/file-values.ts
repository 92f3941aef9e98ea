import { InvalidPayloadError } from '../../../common/errors/errors';
import { isUuid } from '../../../common/is-uuid';
import { assertJsonShape } from '../../../common/http/json-body';
import { isSafeKey } from '../storage/storage-driver';
import { reservedDiskName } from './disk-name';

/** The columns of `svc_files` a client may write. */
export interface FileValues {
  id?: string;
  storage?: string;
  filename_disk?: string | null;
  filename_download?: string;
  title?: string | null;
  type?: string | null;
  folder?: string | null;
  charset?: string | null;
  filesize?: number | null;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  embed?: string | null;
  description?: string | null;
  location?: string | null;
  tags?: string[] | null;
  metadata?: Record<string, unknown> | null;
  focal_point_x?: number | null;
  focal_point_y?: number | null;
}

type Kind = 'string' | 'required-string' | 'uuid' | 'integer' | 'tags' | 'object' | 'disk';

const WRITABLE: Record<keyof FileValues, Kind> = {
  id: 'uuid',
  storage: 'required-string',
  filename_disk: 'disk',
  filename_download: 'required-string',
  title: 'string',
  type: 'string',
  folder: 'uuid',
  charset: 'string',
  filesize: 'integer',
  width: 'integer',
  height: 'integer',
  duration: 'integer',
  embed: 'string',
  description: 'string',
  location: 'string',
  tags: 'tags',
  metadata: 'object',
  focal_point_x: 'integer',
  focal_point_y: 'integer',
};

/** Set by Vellum itself; a client sending a whole file object back is not an error, the values are ignored. */
const SERVER_MANAGED = new Set([
  'uploaded_by',
  'created_on',
  'modified_by',
  'modified_on',
  'uploaded_on',
  'tus_id',
  'tus_data',
]);

function parseJson(field: string, value: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidPayloadError(`"${field}" must be valid JSON`);
  }
  // Multipart text did not pass the JSON body's checks on depth and keys.
  assertJsonShape(parsed, `"${field}"`);
  return parsed;
}

function convert(field: string, kind: Kind, value: unknown): unknown {
  if (value === null) {
    if (kind === 'required-string') throw new InvalidPayloadError(`"${field}" can't be null`);
    return null;
  }
  switch (kind) {
    case 'string':
    case 'required-string':
      if (typeof value !== 'string') throw new InvalidPayloadError(`"${field}" must be a string`);
      if (kind === 'required-string' && value.trim() === '') throw new InvalidPayloadError(`"${field}" can't be empty`);
      return value;
    case 'disk': {
      if (typeof value !== 'string' || !isSafeKey(value)) {
        throw new InvalidPayloadError(`"${field}" must be a relative path inside the storage location`);
      }
      const reserved = reservedDiskName(value);
      if (reserved) throw new InvalidPayloadError(reserved);
      return value;
    }
    case 'uuid':
      if (!isUuid(value)) throw new InvalidPayloadError(`"${field}" must be a UUID`);
      return value.toLowerCase();
    case 'integer': {
      // Multipart fields arrive as text.
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number))
        throw new InvalidPayloadError(`"${field}" must be an integer`);
      return number;
    }
    case 'tags': {
      const list =
        typeof value === 'string'
          ? value.trim().startsWith('[')
            ? parseJson(field, value)
            : value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
          : value;
      if (!Array.isArray(list) || list.some((tag) => typeof tag !== 'string')) {
        throw new InvalidPayloadError(`"${field}" must be an array of strings`);
      }
      return list;
    }
    case 'object': {
      const object = typeof value === 'string' ? parseJson(field, value) : value;
      if (typeof object !== 'object' || object === null || Array.isArray(object)) {
        throw new InvalidPayloadError(`"${field}" must be an object`);
      }
      return object;
    }
  }
}

/**
 * Checks a client's file fields (JSON body or multipart text parts) and returns only writable ones,
 * converted to their column types. Wrong types are INVALID_PAYLOAD; keys that are not fields are ignored,
 * as the reference does (multipart forms often carry extra parts).
 */
export function parseFileValues(input: unknown, options: { allowId: boolean }): FileValues {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new InvalidPayloadError('File fields must be an object');
  }
  assertJsonShape(input, 'File fields');
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (SERVER_MANAGED.has(field) || (field === 'id' && !options.allowId)) continue;
    const kind = WRITABLE[field as keyof FileValues];
    if (!kind || value === undefined) continue;
    values[field] = convert(field, kind, value);
  }
  return values;
}

/**
 * API.md 6.2: multipart text values are strings, except that `null`, `true` and `false` (trimmed)
 * become those values.
 */
export function multipartValue(raw: string): string | boolean | null {
  const trimmed = raw.trim();
  if (trimmed === 'null') return null;
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  return raw;
}

/**
 * A file part's text fields with multipartValue applied (values multer nested from `a[b]` names stay as
 * they are). An empty text part counts as not sent: forms send their empty inputs (Swagger UI's
 * try-it-out sends every optional part it shows), and a form cannot leave a `folder` out otherwise.
 */
export function multipartFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [name, typeof value === 'string' ? multipartValue(value) : value]),
  );
}
