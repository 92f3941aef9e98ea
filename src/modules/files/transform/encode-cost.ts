import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import type { TransformOperation } from './parse-transform';
import type { Size } from './stage-sizes';

/**
 * The lowest effort of the encoders libvips cannot interrupt, so ASSETS_TRANSFORM_TIMEOUT does not stop
 * them: AVIF (libheif and aom) and palette PNG (libimagequant; `toFormat` names no other such format,
 * see operation-limits.ts). Every such output is asked at this effort, whatever the caller says.
 * Measured on noise at quality 100, 2 shared cores: a 1000×1000 AVIF took 12 s at sharp's default
 * effort (4), 3 s at 1, 0.9–1.5 s at 0; a 2000×2000 palette PNG 24 s at effort 7, 2.6–3.2 s at 1.
 */
const LOWEST_EFFORT: Record<string, number> = { avif: 0, png: 1 };

/** sharp quantises a PNG to a palette when asked, or when any of these is given (sharp 0.35, lib/output.js). */
const PALETTE_IMPLIED_BY = ['quality', 'effort', 'colours', 'colors', 'dither'];

const asOptions = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The format an operation sets the output to (sharp: the last such call wins), or null. */
function formatSetBy([method, first]: TransformOperation): string | null {
  if (method === 'toFormat') return String(first);
  return ['jpeg', 'png', 'webp', 'tiff', 'avif'].includes(method) ? method : null;
}

function encoderOptions([method, first, second]: TransformOperation): Record<string, unknown> {
  return asOptions(method === 'toFormat' ? second : first);
}

function asksPalette(options: Record<string, unknown>): boolean {
  return options.palette !== undefined
    ? options.palette === true
    : PALETTE_IMPLIED_BY.some((key) => options[key] !== undefined);
}

/** The slow encoder an operation configures ('avif', 'png' for a palette PNG), or null. */
function slowEncoderOf(operation: TransformOperation): string | null {
  const format = formatSetBy(operation);
  if (format === 'avif') return format;
  return format === 'png' && asksPalette(encoderOptions(operation)) ? format : null;
}

/** Whether the output of `operations` on a source of `sourceFormat` is written by an encoder no timeout stops. */
export function slowOutput(operations: TransformOperation[], sourceFormat: string): boolean {
  const output =
    operations
      .map(formatSetBy)
      .filter((format) => format !== null)
      .at(-1) ?? sourceFormat;
  // Palette settings made by any PNG call stay in force for a later one.
  return output === 'avif' || (output === 'png' && operations.some((operation) => slowEncoderOf(operation) === 'png'));
}

/** `operations` with every AVIF and palette PNG encoder asked at its lowest effort. */
export function withBoundedEffort(operations: TransformOperation[]): TransformOperation[] {
  return operations.map((operation): TransformOperation => {
    const encoder = slowEncoderOf(operation);
    if (!encoder) return operation;
    const options = { ...encoderOptions(operation), effort: LOWEST_EFFORT[encoder] };
    return operation[0] === 'toFormat' ? ['toFormat', operation[1], options] : [operation[0], options];
  });
}

/**
 * Whether `operations` producing an image of `size` may run: an encoder no timeout stops is given at
 * most `maxPixels` (ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS).
 */
export function encodeFits(
  size: Size,
  operations: TransformOperation[],
  sourceFormat: string,
  maxPixels: number,
): boolean {
  return !slowOutput(operations, sourceFormat) || size.width * size.height <= maxPixels;
}

/** Refuses (ILLEGAL_ASSET_TRANSFORMATION) an AVIF or palette PNG output larger than `maxPixels`. */
export function assertEncodeFits(
  size: Size,
  operations: TransformOperation[],
  sourceFormat: string,
  maxPixels: number,
): void {
  if (!encodeFits(size, operations, sourceFormat, maxPixels)) {
    throw new IllegalAssetTransformationError(
      `AVIF and palette PNG outputs (PNG with a quality) are limited to ${maxPixels} pixels (width × height); this one would have ${size.width * size.height}.`,
      ['format'],
    );
  }
}
