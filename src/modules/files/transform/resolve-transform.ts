import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import type { TransformOperation, TransformParams } from './parse-transform';
import { assertStagesFit } from './stage-sizes';
import type { OutputFormat } from './transform-key';

export interface SourceImage {
  width: number | null;
  height: number | null;
  format: OutputFormat;
  focal_point_x: number | null;
  focal_point_y: number | null;
}

export interface ResolvedTransform {
  operations: TransformOperation[];
  format: OutputFormat;
  /** The output depends on the `Accept` header (`format=auto`). */
  variesByAccept: boolean;
}

const FORMAT_METHODS: Record<string, OutputFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', tiff: 'tiff', avif: 'avif' };

function normaliseFormat(format: string): OutputFormat | null {
  if (format === 'jpg' || format === 'jpeg') return 'jpeg';
  if (format === 'tif') return 'tiff';
  return FORMAT_METHODS[format] ?? null;
}

function autoFormat(accept: string, source: OutputFormat): OutputFormat {
  if (/image\/avif/i.test(accept)) return 'avif';
  if (/image\/webp/i.test(accept)) return 'webp';
  return source === 'avif' || source === 'webp' || source === 'tiff' ? 'png' : source;
}

/**
 * Turns requested parameters into the sharp operations for one source image (API.md 6.7): explicit
 * `transforms` first, then the output format, then the resize (clamped by `withoutEnlargement`, or a
 * cover resize plus an extract centred on the focal point). Sources larger than `maxDimension` in
 * either direction or of unknown size, and pipelines with any step larger, are ILLEGAL_ASSET_TRANSFORMATION.
 */
export function resolveTransform(
  params: TransformParams,
  source: SourceImage,
  accept: string,
  maxDimension: number,
): ResolvedTransform {
  if (!source.width || !source.height || source.width > maxDimension || source.height > maxDimension) {
    throw new IllegalAssetTransformationError('The image is too large or its size is unknown, so it cannot be transformed.');
  }
  const operations: TransformOperation[] = [...(params.transforms ?? [])];
  let format = source.format;
  for (const [method, first] of operations) {
    const named = method === 'toFormat' ? normaliseFormat(String(first)) : FORMAT_METHODS[method];
    if (named) format = named;
  }
  const variesByAccept = params.format === 'auto';
  if (params.format || params.quality) {
    format = params.format === 'auto' ? autoFormat(accept, source.format) : params.format ? normaliseFormat(params.format)! : format;
    operations.push(['toFormat', format, ...(params.quality ? [{ quality: params.quality }] : [])]);
  }

  if (params.width || params.height) {
    let width = params.width;
    let height = params.height;
    if (params.withoutEnlargement) {
      if (width) width = Math.min(width, source.width);
      if (height) height = Math.min(height, source.height);
    }
    const fx = params.focal_point_x ?? source.focal_point_x;
    const fy = params.focal_point_y ?? source.focal_point_y;
    if ((params.fit ?? 'cover') === 'cover' && width && height && fx !== null && fy !== null) {
      const scale = Math.max(width / source.width, height / source.height);
      const scaledWidth = Math.max(width, Math.round(source.width * scale));
      const scaledHeight = Math.max(height, Math.round(source.height * scale));
      const left = Math.min(Math.max(0, Math.round(fx * scale - width / 2)), scaledWidth - width);
      const top = Math.min(Math.max(0, Math.round(fy * scale - height / 2)), scaledHeight - height);
      operations.push(['resize', { width: scaledWidth, height: scaledHeight, fit: 'fill' }]);
      operations.push(['extract', { left, top, width, height }]);
    } else {
      operations.push(['resize', { width, height, fit: params.fit ?? 'cover', withoutEnlargement: params.withoutEnlargement ?? false }]);
    }
  }
  assertStagesFit({ width: source.width, height: source.height }, operations, maxDimension);
  return { operations, format, variesByAccept };
}
