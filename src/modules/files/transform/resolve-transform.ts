import { IllegalAssetTransformationError } from '../../../common/errors/errors';
import type { TransformOperation, TransformParams } from './parse-transform';
import { assertEncodeFits, encodeFits, withBoundedEffort } from './encode-cost';
import { assertStagesFit, outputSize } from './stage-sizes';
import type { OutputFormat } from './transform-key';

export interface SourceImage {
  width: number | null;
  height: number | null;
  format: OutputFormat;
  focal_point_x: number | null;
  focal_point_y: number | null;
}

export interface TransformLimits {
  /** ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION */
  maxDimension: number;
  /** ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS */
  maxSlowPixels: number;
}

export interface ResolvedTransform {
  operations: TransformOperation[];
  format: OutputFormat;
  /** The output depends on the `Accept` header (`format=auto`). */
  variesByAccept: boolean;
}

const FORMAT_METHODS: Record<string, OutputFormat> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  tiff: 'tiff',
  avif: 'avif',
};

function normaliseFormat(format: string): OutputFormat | null {
  if (format === 'jpg' || format === 'jpeg') return 'jpeg';
  if (format === 'tif') return 'tiff';
  return FORMAT_METHODS[format] ?? null;
}

/** The formats `format=auto` may answer, best first: AVIF and WebP for clients that take them. */
function autoFormats(accept: string, source: OutputFormat): OutputFormat[] {
  const fallback = source === 'avif' || source === 'webp' || source === 'tiff' ? 'png' : source;
  return [
    ...(/image\/avif/i.test(accept) ? ['avif' as const] : []),
    ...(/image\/webp/i.test(accept) ? ['webp' as const] : []),
    fallback,
  ];
}

const formatOperation = (format: OutputFormat, quality: number | undefined): TransformOperation => [
  'toFormat',
  format,
  ...(quality ? [{ quality }] : []),
];

/**
 * `format=auto`: the best format whose encode fits (see encode-cost.ts); past every limit, the last
 * without its quality, which for PNG is what makes it slow.
 */
function autoFormatOperation(
  formats: OutputFormat[],
  quality: number | undefined,
  fits: (operation: TransformOperation) => boolean,
): TransformOperation {
  const fitting = formats.map((format) => formatOperation(format, quality)).find(fits);
  return fitting ?? formatOperation(formats.at(-1)!, undefined);
}

/** The resize asked by width, height and fit: clamped by `withoutEnlargement`, or a cover resize plus an extract centred on the focal point. */
function sizing(
  params: TransformParams,
  source: SourceImage & { width: number; height: number },
): TransformOperation[] {
  if (!params.width && !params.height) return [];
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
    return [
      ['resize', { width: scaledWidth, height: scaledHeight, fit: 'fill' }],
      ['extract', { left, top, width, height }],
    ];
  }
  return [
    ['resize', { width, height, fit: params.fit ?? 'cover', withoutEnlargement: params.withoutEnlargement ?? false }],
  ];
}

/**
 * Turns requested parameters into the sharp operations for one source image (API.md 6.7): explicit
 * `transforms` first, then the output format, then the resize. Sources larger than `maxDimension` in
 * either direction or of unknown size, pipelines with any step larger, and AVIF or palette PNG outputs
 * of more than `maxSlowPixels` are ILLEGAL_ASSET_TRANSFORMATION; `format=auto` picks a faster format instead.
 */
export function resolveTransform(
  params: TransformParams,
  source: SourceImage,
  accept: string,
  limits: TransformLimits,
): ResolvedTransform {
  const { width, height } = source;
  if (!width || !height || width > limits.maxDimension || height > limits.maxDimension) {
    throw new IllegalAssetTransformationError(
      'The image is too large or its size is unknown, so it cannot be transformed.',
    );
  }
  const transforms = params.transforms ?? [];
  const resize = sizing(params, { ...source, width, height });
  let format = source.format;
  for (const [method, first] of transforms) {
    const named = method === 'toFormat' ? normaliseFormat(String(first)) : FORMAT_METHODS[method];
    if (named) format = named;
  }
  const output = outputSize({ width, height }, [...transforms, ...resize]);
  const fits = (operation: TransformOperation) =>
    encodeFits(output, [...transforms, operation], source.format, limits.maxSlowPixels);
  const formatOps: TransformOperation[] = [];
  if (params.format === 'auto')
    formatOps.push(autoFormatOperation(autoFormats(accept, source.format), params.quality, fits));
  else if (params.format || params.quality)
    formatOps.push(formatOperation(params.format ? normaliseFormat(params.format)! : format, params.quality));
  if (formatOps.length > 0) format = formatOps[0][1] as OutputFormat;
  const operations = withBoundedEffort([...transforms, ...formatOps, ...resize]);
  assertStagesFit({ width, height }, operations, limits.maxDimension);
  assertEncodeFits(outputSize({ width, height }, operations), operations, source.format, limits.maxSlowPixels);
  return { operations, format, variesByAccept: params.format === 'auto' };
}
