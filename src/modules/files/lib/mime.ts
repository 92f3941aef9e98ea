import { isMediaType } from '../../../common/http/header-values';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/tiff': '.tif',
  'image/gif': '.gif',
  'image/svg+xml': '.svg',
  'image/heic': '.heic',
  'application/pdf': '.pdf',
  'application/json': '.json',
  'application/zip': '.zip',
  'application/xml': '.xml',
  'text/plain': '.txt',
  'text/csv': '.csv',
  'text/html': '.html',
  'text/markdown': '.md',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
  'audio/ogg': '.ogg',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
};

/** The usual extension (with its dot) for a media type, or '' when there is none we know. */
export function extensionForType(type: string | null | undefined): string {
  if (!type) return '';
  return EXTENSIONS[type.split(';')[0].trim().toLowerCase()] ?? '';
}

/** The extension of a file name with its dot, lower case; '' when there is none. */
export function extensionOf(filename: string | null | undefined): string {
  const match = /(\.[A-Za-z0-9]{1,10})$/.exec(filename ?? '');
  return match && match.index > 0 ? match[1].toLowerCase() : '';
}

/**
 * `FILES_MIME_TYPE_ALLOW_LIST` match: each pattern is a glob on the whole type (`image/*`, `*\/*`,
 * `application/pdf`); parameters (`; charset=...`) are ignored, case does not matter.
 */
export function mimeTypeAllowed(type: string, patterns: readonly string[]): boolean {
  const bare = type.split(';')[0].trim().toLowerCase();
  return patterns.some((pattern) => {
    const source = pattern
      .trim()
      .toLowerCase()
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^]*');
    return new RegExp(`^${source}$`).test(bare);
  });
}

/**
 * The bare media type of a declared Content-Type (no parameters), lower case; null when none is
 * declared or what is declared is no media type, so the content is stored as of no known type.
 */
export function bareType(contentType: string | null | undefined): string | null {
  const bare = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return isMediaType(bare) ? bare : null;
}
