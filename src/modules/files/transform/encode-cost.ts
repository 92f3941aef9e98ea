import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import type { TransformOperation } from './parse-transform';
import type { Size } from './stage-sizes';

/**
 * sharp writes AVIF through libheif and aom, whose encoder runs as one call libvips cannot interrupt:
 * ASSETS_TRANSFORM_TIMEOUT does not stop it, so its cost is bounded before it starts. (`toFormat`
 * names no other such format: operation-limits.ts.)
 */
const SLOW_FORMAT = 'avif';

/**
 * aom's speed setting for every AVIF output, whatever the caller asks. Measured on 1000×1000 noise
 * at quality 100 (2 shared cores): effort 0 took 0.9–1.5 s, effort 1 3 s, sharp's default (4) 12 s.
 */
export const SLOW_FORMAT_EFFORT = 0;

const options = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The format an operation sets the output to (sharp: the last such call wins), or null. */
function formatSetBy([method, first]: TransformOperation): string | null {
  if (method === 'toFormat') return String(first);
  return ['jpeg', 'png', 'webp', 'tiff', 'avif'].includes(method) ? method : null;
}

/** Whether the output of `operations` (on a source of `sourceFormat`) is AVIF. */
export function writesAvif(operations: TransformOperation[], sourceFormat: string): boolean {
  const set = operations.map(formatSetBy).filter((format) => format !== null);
  return (set.at(-1) ?? sourceFormat) === SLOW_FORMAT;
}

/** `operations` with every AVIF output asked at SLOW_FORMAT_EFFORT. */
export function withBoundedEffort(operations: TransformOperation[]): TransformOperation[] {
  return operations.map((operation): TransformOperation => {
    const [method, first, second] = operation;
    if (method === 'avif') return ['avif', { ...options(first), effort: SLOW_FORMAT_EFFORT }];
    if (method === 'toFormat' && first === SLOW_FORMAT) return ['toFormat', first, { ...options(second), effort: SLOW_FORMAT_EFFORT }];
    return operation;
  });
}

/** Whether an output of `size` may be written in AVIF (ASSETS_TRANSFORM_AVIF_MAX_PIXELS). */
export function fitsSlowEncoder(size: Size, maxPixels: number): boolean {
  return size.width * size.height <= maxPixels;
}

/** Refuses (ILLEGAL_ASSET_TRANSFORMATION) an AVIF output larger than `maxPixels`. */
export function assertEncodeFits(size: Size, operations: TransformOperation[], sourceFormat: string, maxPixels: number): void {
  if (writesAvif(operations, sourceFormat) && !fitsSlowEncoder(size, maxPixels)) {
    throw new IllegalAssetTransformationError(
      `AVIF outputs are limited to ${maxPixels} pixels (width × height); this one would have ${size.width * size.height}.`,
      ['format'],
    );
  }
}
