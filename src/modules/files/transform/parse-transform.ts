import { InvalidQueryError } from '../../../common/errors/errors';
import { refusePrototypeKeys } from '../../../common/prototype-keys';
import { operationCostProblem } from './operation-limits';

export type Fit = 'cover' | 'contain' | 'inside' | 'outside';
export type RequestedFormat = 'jpg' | 'jpeg' | 'png' | 'webp' | 'tiff' | 'avif' | 'auto';
export type TransformOperation = [string, ...unknown[]];

/** The transformation a caller asked for (API.md 6.7), before it is resolved against a source image. */
export interface TransformParams {
  width?: number;
  height?: number;
  fit?: Fit;
  quality?: number;
  withoutEnlargement?: boolean;
  format?: RequestedFormat;
  focal_point_x?: number;
  focal_point_y?: number;
  transforms?: TransformOperation[];
}

export interface AssetPreset extends TransformParams {
  key: string;
}

export interface TransformSettings {
  mode: 'all' | 'presets' | 'none';
  presets: AssetPreset[];
  maxOperations: number;
}

/** Query parameters that ask for a transformation; with any of them present, `Range` is ignored. */
export const TRANSFORM_QUERY_KEYS = [
  'key',
  'width',
  'height',
  'fit',
  'quality',
  'withoutEnlargement',
  'format',
  'focal_point_x',
  'focal_point_y',
  'transforms',
] as const;

/** Sharp methods a caller may name in `transforms` (API.md 6.7). None of them reads files or the network. */
export const ALLOWED_OPERATIONS = new Set([
  'toFormat',
  'jpeg',
  'png',
  'tiff',
  'webp',
  'avif',
  'resize',
  'extend',
  'extract',
  'trim',
  'rotate',
  'flip',
  'flop',
  'sharpen',
  'median',
  'blur',
  'flatten',
  'gamma',
  'negate',
  'normalise',
  'normalize',
  'clahe',
  'convolve',
  'threshold',
  'linear',
  'recomb',
  'modulate',
  'tint',
  'greyscale',
  'grayscale',
  'toColorspace',
  'toColourspace',
  'removeAlpha',
  'ensureAlpha',
  'extractChannel',
  'bandbool',
]);

const FITS: Fit[] = ['cover', 'contain', 'inside', 'outside'];
const FORMATS: RequestedFormat[] = ['jpg', 'jpeg', 'png', 'webp', 'tiff', 'avif', 'auto'];

const SYSTEM_PRESETS: AssetPreset[] = [
  { key: 'system-small-cover', width: 64, height: 64, fit: 'cover', format: 'auto' },
  { key: 'system-small-contain', width: 64, fit: 'contain', format: 'auto' },
  { key: 'system-medium-cover', width: 300, height: 300, fit: 'cover', format: 'auto' },
  { key: 'system-medium-contain', width: 300, fit: 'contain', format: 'auto' },
  { key: 'system-large-cover', width: 800, height: 800, fit: 'cover', format: 'auto' },
  { key: 'system-large-contain', width: 800, fit: 'contain', format: 'auto' },
];

function integer(name: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new InvalidQueryError(`"${name}" must be an integer between ${min} and ${max}`);
  }
  return value;
}

function boolean(name: string, raw: unknown): boolean {
  if (raw === true || raw === 'true' || raw === '1' || raw === '') return true;
  if (raw === false || raw === 'false' || raw === '0') return false;
  throw new InvalidQueryError(`"${name}" must be a boolean`);
}

function oneOf<T extends string>(name: string, raw: unknown, allowed: readonly T[]): T {
  if (typeof raw !== 'string' || !allowed.includes(raw as T)) {
    throw new InvalidQueryError(`"${name}" must be one of ${allowed.join(', ')}`);
  }
  return raw as T;
}

function operations(raw: unknown, maxOperations: number): TransformOperation[] {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new InvalidQueryError('"transforms" must be a JSON array');
    }
  }
  if (!Array.isArray(parsed)) throw new InvalidQueryError('"transforms" must be a JSON array');
  // The operations' option objects are handed to the image library as they are.
  refusePrototypeKeys(parsed, '"transforms"', (reason) => new InvalidQueryError(reason));
  if (parsed.length > maxOperations) {
    throw new InvalidQueryError(`"transforms" can hold at most ${maxOperations} operations`);
  }
  return parsed.map((operation) => {
    if (!Array.isArray(operation) || typeof operation[0] !== 'string') {
      throw new InvalidQueryError('Every entry of "transforms" must be an array starting with a method name');
    }
    if (!ALLOWED_OPERATIONS.has(operation[0])) {
      throw new InvalidQueryError(`"${operation[0]}" is not an allowed transformation`);
    }
    const tooCostly = operationCostProblem(operation as TransformOperation);
    if (tooCostly) throw new InvalidQueryError(tooCostly);
    return operation as TransformOperation;
  });
}

/** Checks and converts transformation parameters from a query string or a preset. */
export function parseTransformParams(raw: Record<string, unknown>, maxOperations: number): TransformParams {
  const params: TransformParams = {};
  const present = (key: string) => raw[key] !== undefined && raw[key] !== null;
  if (present('width')) params.width = integer('width', raw.width, 1);
  if (present('height')) params.height = integer('height', raw.height, 1);
  if (present('fit')) params.fit = oneOf('fit', raw.fit, FITS);
  if (present('quality')) params.quality = integer('quality', raw.quality, 1, 100);
  if (present('withoutEnlargement')) params.withoutEnlargement = boolean('withoutEnlargement', raw.withoutEnlargement);
  if (present('format')) params.format = oneOf('format', raw.format, FORMATS);
  if (present('focal_point_x')) params.focal_point_x = integer('focal_point_x', raw.focal_point_x, 0);
  if (present('focal_point_y')) params.focal_point_y = integer('focal_point_y', raw.focal_point_y, 0);
  if (present('transforms')) params.transforms = operations(raw.transforms, maxOperations);
  return params;
}

/**
 * The transformation asked for by an `/assets` query, with presets and `storage_asset_transform`
 * applied (API.md 6.7); `null` when the original is wanted. Explicit query values override a preset's.
 */
export function parseTransform(query: Record<string, unknown>, settings: TransformSettings): TransformParams | null {
  const asked = TRANSFORM_QUERY_KEYS.filter((key) => query[key] !== undefined);
  if (asked.length === 0) return null;
  const key = query.key;
  if (key !== undefined && typeof key !== 'string') throw new InvalidQueryError('"key" must be a string');
  const system = SYSTEM_PRESETS.find((preset) => preset.key === key);
  const custom = settings.presets.find((preset) => preset.key === key);

  if (settings.mode !== 'all') {
    const allowed = settings.mode === 'presets' ? (custom ?? system) : system;
    if (asked.length !== 1 || !allowed) {
      throw new InvalidQueryError(
        settings.mode === 'presets'
          ? 'Only configured presets can be used for asset transformations'
          : 'Asset transformations are disabled',
      );
    }
  }
  if (key !== undefined && !custom && !system) throw new InvalidQueryError(`Key "${key}" isn't configured`);

  const { key: _key, ...preset } = custom ?? system ?? { key: '' };
  const fromPreset = parseTransformParams(preset, Number.MAX_SAFE_INTEGER);
  return { ...fromPreset, ...parseTransformParams(query, settings.maxOperations) };
}
