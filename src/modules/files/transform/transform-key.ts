import { createHash } from 'node:crypto';

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'avif';

export const FORMAT_EXTENSIONS: Record<OutputFormat, string> = {
  jpeg: '.jpg',
  png: '.png',
  webp: '.webp',
  tiff: '.tif',
  avif: '.avif',
};

export const FORMAT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  tiff: 'image/tiff',
  avif: 'image/avif',
};

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The storage key prefix shared by every stored transformation of `filenameDisk`. */
export function variantPrefix(filenameDisk: string): string {
  return `${filenameDisk.replace(/\.[^./]*$/, '')}__`;
}

/**
 * Deterministic storage key of a transformation output (`<disk name without extension>__<hash>.<ext>`):
 * the same resolved operations and format always give the same key, whatever the order of object
 * members, so each distinct output is computed once.
 */
export function transformKey(filenameDisk: string, operations: unknown[], format: OutputFormat): string {
  const hash = createHash('sha1').update(stableJson({ operations, format })).digest('hex');
  return `${variantPrefix(filenameDisk)}${hash}${FORMAT_EXTENSIONS[format]}`;
}
