import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Accountability } from '../../common/accountability';
import { CLOCK, Clock } from '../../common/clock';
import { ForbiddenError, RangeNotSatisfiableError } from '../../common/errors/errors';
import { servedMediaType } from '../../common/http/header-values';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { GenerationCache } from '../cache/lib/generation-cache';
import type { FileEntity } from './entities/file.entity';
import { SettingsService } from '../settings/settings.service';
import { FilesService } from './files.service';
import { contentDisposition } from './lib/content-disposition';
import { uploadTempKey } from './lib/upload-temp';
import { ByteRange, StorageStat } from './storage/storage-driver';
import { parseRange } from './lib/parse-range';
import { StorageService } from './storage/storage.service';
import { AssetPreset, parseTransform, TRANSFORM_QUERY_KEYS, TransformParams } from './transform/parse-transform';
import { TRANSFORMABLE_TYPES, TransformService } from './transform/transform.service';

export interface AssetRequest {
  id: string;
  filename?: string;
  query: Record<string, unknown>;
  range?: string;
  accept?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** HEAD: headers only, the object is not opened. */
  headOnly: boolean;
}

export interface AssetResponse {
  status: 200 | 206 | 304;
  headers: Record<string, string>;
  /** Small objects are answered from memory as one buffer, the others streamed from storage. */
  body?: Readable | Buffer;
}

/** An object larger than this share of ASSETS_MEMORY_CACHE_SIZE is always streamed from storage. */
const LARGEST_CACHED_SHARE = 16;

/** `GET /assets/:id` (API.md 6.6): the original or a stored transformation, with HTTP caching and ranges. */
@Injectable()
export class AssetsService {
  /**
   * Bodies of small originals and variants, each valid for the ETag it was read under: a file replaced
   * or changed through any instance has a new ETag, so its old bytes are never answered. The time limit
   * (CACHE_COUNT_TTL, as the file rows' own cache) bounds a change made to storage outside Vellum.
   */
  private readonly bodies: GenerationCache<Buffer>;
  private readonly bodiesTtl: number;

  constructor(
    private readonly files: FilesService,
    private readonly storage: StorageService,
    private readonly transforms: TransformService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.bodies = new GenerationCache<Buffer>(
      transforms.options.memoryCacheBytes,
      () => clock.now(),
      (body) => body.length,
    );
    this.bodiesTtl = transforms.options.memoryCacheBytes > 0 ? config.cache.countTtl : 0;
  }

  async serve(request: AssetRequest, acc: Accountability): Promise<AssetResponse> {
    // Only the first 36 characters count, so `/assets/<uuid>.jpg` works.
    const row = await this.files.readOne(request.id.slice(0, 36), acc);
    if (!row.filename_disk) throw new ForbiddenError();
    const params = await this.transformParams(request.query);
    const transformable = params !== null && row.type !== null && Object.hasOwn(TRANSFORMABLE_TYPES, row.type);
    const variant = transformable ? this.transforms.plan(row, params, request.accept ?? '') : null;
    const key = variant?.key ?? row.filename_disk;
    const modified = new Date(row.modified_on);
    const etag = `"${createHash('sha1').update(`${modified.getTime()}:${row.filesize}:${key}`).digest('hex').slice(0, 20)}"`;
    const headers = this.headers(request, row, variant, acc);
    headers['Last-Modified'] = modified.toUTCString();
    headers.ETag = etag;

    // The validators come from the file row alone: a revalidation never waits on storage.
    if (this.notModified(request, etag, modified)) return { status: 304, headers };
    const object: StoredObject = { location: row.storage, key, etag };
    const cached = this.bodies.get(cacheKey(object), etag);
    const found = cached
      ? { key, stat: { size: cached.length } }
      : variant
        ? { key, stat: await this.transforms.ensure(row, variant) }
        : await this.locate(row, key);
    if (!found) throw new ForbiddenError();
    const { stat } = found;

    const range = params === null ? parseRange(request.range, stat.size) : null;
    if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(request.range ?? '');
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stat.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
    } else {
      headers['Content-Length'] = String(stat.size);
    }
    const status = range ? 206 : 200;
    if (request.headOnly) return { status, headers };
    if (cached) return { status, headers, body: range ? cached.subarray(range.start, range.end + 1) : cached };
    const body = await this.read(object, found.key, stat.size, range ?? undefined);
    if (Buffer.isBuffer(body)) headers['Content-Length'] = String(body.length);
    return { status, headers, body };
  }

  private headers(
    request: AssetRequest,
    row: FileEntity,
    variant: { type: string; variesByAccept: boolean } | null,
    acc: Accountability,
  ): Record<string, string> {
    const options = this.transforms.options;
    return {
      'Content-Type': variant?.type ?? servedMediaType(row.type),
      'Content-Disposition': contentDisposition(
        request.query.download !== undefined ? 'attachment' : 'inline',
        request.filename ?? row.filename_download ?? row.id,
      ),
      'Accept-Ranges': 'bytes',
      'Cache-Control': options.cacheRevalidate
        ? 'max-age=0, must-revalidate'
        : `${acc.user || acc.role ? 'private' : 'public'}, max-age=${options.cacheTtlSeconds}`,
      Vary: variant?.variesByAccept ? 'Origin, Cache-Control, Accept' : 'Origin, Cache-Control',
      'Content-Security-Policy': "default-src 'none'",
    };
  }

  /**
   * An upload's row is committed before its bytes move from their temporary key into place (FilesService
   * .upload): a reader that finds the row in between gets the complete bytes from that key.
   */
  private async locate(row: FileEntity, key: string): Promise<{ key: string; stat: StorageStat } | null> {
    const driver = this.storage.location(row.storage);
    const stat = await driver.stat(key);
    if (stat) return { key, stat };
    const temp = uploadTempKey(row.id);
    const pending = await driver.stat(temp);
    if (pending) return { key: temp, stat: pending };
    const moved = await driver.stat(key);
    return moved && { key, stat: moved };
  }

  /** A whole small object is read (from `storedAt`) into memory and kept; a range or a large object is streamed. */
  private async read(
    object: StoredObject,
    storedAt: string,
    size: number,
    range?: ByteRange,
  ): Promise<Readable | Buffer> {
    const stream = await this.storage.location(object.location).getStream(storedAt, range);
    if (range || this.bodiesTtl === 0 || size > this.transforms.options.memoryCacheBytes / LARGEST_CACHED_SHARE)
      return stream;
    const body = await buffer(stream);
    this.bodies.set(cacheKey(object), object.etag, body, this.bodiesTtl);
    return body;
  }

  /** Settings are read only when a transformation is asked for: serving originals costs no extra query. */
  private async transformParams(query: Record<string, unknown>): Promise<TransformParams | null> {
    if (!TRANSFORM_QUERY_KEYS.some((key) => query[key] !== undefined)) return null;
    const settings = await this.settings.read();
    return parseTransform(query, {
      mode: settings.storage_asset_transform ?? 'all',
      presets: (settings.storage_asset_presets ?? []) as AssetPreset[],
      maxOperations: this.transforms.options.maxOperations,
    });
  }

  private notModified(request: AssetRequest, etag: string, modified: Date): boolean {
    if (request.ifNoneMatch !== undefined) {
      return request.ifNoneMatch.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));
    }
    if (request.ifModifiedSince !== undefined) {
      const since = Date.parse(request.ifModifiedSince);
      return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
    }
    return false;
  }
}

interface StoredObject {
  location: string;
  key: string;
  etag: string;
}

function cacheKey(object: StoredObject): string {
  return `${object.location}\n${object.key}`;
}
