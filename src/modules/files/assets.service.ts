import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, RangeNotSatisfiableError } from '../../common/errors/errors';
import { SettingsService } from '../settings/settings.service';
import { FilesService } from './files.service';
import { contentDisposition } from './lib/content-disposition';
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
  body?: Readable;
}

/** `GET /assets/:id` (API.md 6.6): the original or a stored transformation, with HTTP caching and ranges. */
@Injectable()
export class AssetsService {
  constructor(
    private readonly files: FilesService,
    private readonly storage: StorageService,
    private readonly transforms: TransformService,
    private readonly settings: SettingsService,
  ) {}

  async serve(request: AssetRequest, acc: Accountability): Promise<AssetResponse> {
    // Only the first 36 characters count, so `/assets/<uuid>.jpg` works.
    const row = await this.files.readOne(request.id.slice(0, 36), acc);
    if (!row.filename_disk) throw new ForbiddenError();
    const driver = this.storage.location(row.storage);

    const params = await this.transformParams(request.query);
    const transformable = params !== null && row.type !== null && row.type in TRANSFORMABLE_TYPES;
    const variant = transformable ? this.transforms.plan(row, params, request.accept ?? '') : null;
    const key = variant?.key ?? row.filename_disk;
    const modified = new Date(row.modified_on);
    const etag = `"${createHash('sha1').update(`${modified.getTime()}:${row.filesize}:${key}`).digest('hex').slice(0, 20)}"`;
    const options = this.transforms.options;
    const headers: Record<string, string> = {
      'Content-Type': variant?.type ?? row.type ?? 'application/octet-stream',
      'Content-Disposition': contentDisposition(
        request.query.download !== undefined ? 'attachment' : 'inline',
        request.filename ?? row.filename_download ?? row.id,
      ),
      'Accept-Ranges': 'bytes',
      'Cache-Control': options.cacheRevalidate
        ? 'max-age=0, must-revalidate'
        : `${acc.user || acc.role ? 'private' : 'public'}, max-age=${options.cacheTtlSeconds}`,
      Vary: variant?.variesByAccept ? 'Origin, Cache-Control, Accept' : 'Origin, Cache-Control',
      'Last-Modified': modified.toUTCString(),
      ETag: etag,
      'Content-Security-Policy': "default-src 'none'",
    };

    // The validators come from the file row alone: a revalidation never waits on storage.
    if (this.notModified(request, etag, modified)) return { status: 304, headers };
    const stat = variant ? await this.transforms.ensure(row, variant) : await driver.stat(key);
    if (!stat) throw new ForbiddenError();

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
    return { status, headers, body: await driver.getStream(key, range ?? undefined) };
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
