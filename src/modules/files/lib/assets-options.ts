import bytes from 'bytes';
import ms from 'ms';

export interface AssetsOptions {
  /** Seconds browsers and proxies may keep an asset (`ASSETS_CACHE_TTL`, default 30d). */
  cacheTtlSeconds: number;
  /** `ASSETS_CACHE_REVALIDATE`: ask caches to revalidate every time. */
  cacheRevalidate: boolean;
  /** ASSETS_TRANSFORM_MAX_CONCURRENT: transformations running or waiting; past that, 503. */
  maxConcurrent: number;
  /** ASSETS_TRANSFORM_MAX_RUNNING: transformations computed at once (each may use several cores). */
  maxRunning: number;
  /** ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER: of those, computed at once for one user or address. */
  maxRunningPerCaller: number;
  /** ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS: largest AVIF or palette PNG output (width × height): no timeout stops their encoders. */
  slowEncodeMaxPixels: number;
  maxDimension: number;
  maxOperations: number;
  timeoutMs: number;
  /** `ASSETS_MEMORY_CACHE_SIZE`: bytes of small assets kept in memory (0: none). */
  memoryCacheBytes: number;
}

function positiveInteger(raw: Record<string, string>, name: string, fallback: number): number {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name}: must be a positive integer`);
  return Number(value);
}

function milliseconds(raw: Record<string, string>, name: string, fallback: string): number {
  const value = raw[name] ?? fallback;
  const parsed = /^\d+$/.test(value) ? Number(value) : ms(value as ms.StringValue);
  if (typeof parsed !== 'number' || Number.isNaN(parsed))
    throw new Error(`${name}: must be a duration such as 30d or 7500`);
  return parsed;
}

function byteSize(raw: Record<string, string>, name: string, fallback: string): number {
  const parsed = bytes.parse(raw[name] ?? fallback);
  if (parsed === null || Number.isNaN(parsed) || parsed < 0)
    throw new Error(`${name}: must be a size such as 32mb or 0`);
  return parsed;
}

/**
 * The `ASSETS_*` settings (API.md 6.6, 6.7) from the raw variables the configuration collects. A bad
 * value fails at start with the variable's name.
 */
export function assetsOptions(raw: Record<string, string>): AssetsOptions {
  return {
    cacheTtlSeconds: Math.floor(milliseconds(raw, 'ASSETS_CACHE_TTL', '30d') / 1000),
    cacheRevalidate: raw.ASSETS_CACHE_REVALIDATE === 'true',
    maxConcurrent: positiveInteger(raw, 'ASSETS_TRANSFORM_MAX_CONCURRENT', 25),
    maxRunning: positiveInteger(raw, 'ASSETS_TRANSFORM_MAX_RUNNING', 2),
    maxRunningPerCaller: positiveInteger(raw, 'ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER', 1),
    // Two encodes at once of this size take 3–6 s on 2 busy cores: within the default timeout (encode-cost.ts).
    slowEncodeMaxPixels: positiveInteger(raw, 'ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS', 2_000_000),
    maxDimension: positiveInteger(raw, 'ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION', 6000),
    maxOperations: positiveInteger(raw, 'ASSETS_TRANSFORM_MAX_OPERATIONS', 5),
    timeoutMs: milliseconds(raw, 'ASSETS_TRANSFORM_TIMEOUT', '7500'),
    memoryCacheBytes: byteSize(raw, 'ASSETS_MEMORY_CACHE_SIZE', '32mb'),
  };
}
