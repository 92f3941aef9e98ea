import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { AppError } from '../../../common/errors/app-error';
import {
  IllegalAssetTransformationError,
  ServiceBusyError,
  ServiceUnavailableError,
} from '../../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { FileEntity } from '../entities/file.entity';
import { assetsOptions, AssetsOptions } from '../lib/assets-options';
import { StorageService } from '../storage/storage.service';
import type { StorageStat } from '../storage/storage-driver';
import type { TransformOperation, TransformParams } from './parse-transform';
import { resolveTransform } from './resolve-transform';
import { currentCallerKey } from '../../../common/caller-scope';
import { assertEncodeFits } from './encode-cost';
import { assertStagesFit, outputSize } from './stage-sizes';
import { TransformQueue } from './transform-queue';
import { FORMAT_TYPES, OutputFormat, transformKey } from './transform-key';
import { loadSharp } from '../lib/load-sharp';

/** Source types sharp transforms (API.md 6.7); others are served as they are. */
export const TRANSFORMABLE_TYPES: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/avif': 'avif',
};

/** Where a transformation's output is (or will be) stored, known without touching storage. */
export interface VariantPlan {
  key: string;
  type: string;
  variesByAccept: boolean;
  operations: TransformOperation[];
}

/**
 * Computes transformations with sharp and keeps each distinct output in storage beside its original
 * (`<name>__<hash>.<ext>`), so it is computed once. Work in progress is shared between identical
 * requests; at most ASSETS_TRANSFORM_MAX_RUNNING are computed at once (ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER
 * for one caller), past ASSETS_TRANSFORM_MAX_CONCURRENT running or waiting new ones get 503, and none
 * outlives ASSETS_TRANSFORM_TIMEOUT by more than about a second. A result computed too late is not stored.
 */
@Injectable()
export class TransformService {
  readonly options: AssetsOptions;
  private readonly queue: TransformQueue;
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly storage: StorageService,
  ) {
    this.options = assetsOptions(config.assets);
    this.queue = new TransformQueue(this.options);
  }

  plan(row: FileEntity, params: TransformParams, accept: string): VariantPlan {
    const resolved = resolveTransform(
      params,
      {
        width: row.width,
        height: row.height,
        format: TRANSFORMABLE_TYPES[row.type!],
        focal_point_x: row.focal_point_x,
        focal_point_y: row.focal_point_y,
      },
      accept,
      { maxDimension: this.options.maxDimension, maxSlowPixels: this.options.slowEncodeMaxPixels },
    );
    const key = transformKey(row.filename_disk!, resolved.operations, resolved.format);
    return {
      key,
      type: FORMAT_TYPES[resolved.format],
      variesByAccept: resolved.variesByAccept,
      operations: resolved.operations,
    };
  }

  /** The stored variant's size, computing and storing it first when it is not there yet. */
  async ensure(row: FileEntity, plan: VariantPlan): Promise<StorageStat> {
    const driver = this.storage.location(row.storage);
    const stored = await driver.stat(plan.key);
    if (stored) return stored;
    let work = this.inFlight.get(plan.key);
    if (!work) {
      work = this.compute(row, plan.operations, plan.key).finally(() => this.inFlight.delete(plan.key));
      this.inFlight.set(plan.key, work);
    }
    await work;
    const stat = await driver.stat(plan.key);
    if (!stat) throw new ServiceUnavailableError('assets', 'The transformed image could not be stored');
    return stat;
  }

  private compute(row: FileEntity, operations: TransformOperation[], key: string): Promise<void> {
    const deadline = Date.now() + this.options.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ServiceBusyError('assets', 'The transformation took too long')),
        this.options.timeoutMs,
      );
    });
    // The queue's slot is held until sharp really stops: its own timeout, or for AVIF and palette PNG the bounded
    // size of the encode, makes that at most about a second later.
    const work = this.queue.run(deadline, currentCallerKey(), () => this.render(row, operations, key, deadline));
    work.catch(() => undefined);
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  private async render(
    row: FileEntity,
    operations: TransformOperation[],
    key: string,
    deadline: number,
  ): Promise<void> {
    const driver = this.storage.location(row.storage);
    const source = await driver.getStream(row.filename_disk!);
    // The pixel limit protects against decompression bombs whose row claims a harmless size.
    const image = loadSharp()({
      limitInputPixels: this.options.maxDimension * this.options.maxDimension,
      failOn: 'error',
      sequentialRead: true,
    });
    source.on('error', (err) => image.destroy(err));
    source.pipe(image);
    // libvips abandons the work once this many whole seconds have passed: nothing runs on past the answer.
    image.timeout({ seconds: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)) });
    const autoOrient = !operations.some(([method]) => method === 'rotate');
    if (autoOrient) image.autoOrient();
    for (const [method, ...args] of operations) {
      try {
        (image[method as keyof Sharp] as (...a: unknown[]) => Sharp).apply(image, args);
      } catch (err) {
        // sharp checks arguments synchronously: a bad argument is the caller's mistake.
        source.destroy();
        throw new IllegalAssetTransformationError(`Invalid arguments for "${method}": ${(err as Error).message}`, [
          method,
        ]);
      }
    }
    const output = await this.checkedRender(image, operations, {
      autoOrient,
      sourceFormat: TRANSFORMABLE_TYPES[row.type!],
    });
    // Nobody waits for a late result, and storing it would let 503s build variants no request could.
    if (Date.now() > deadline) throw new ServiceBusyError('assets', 'The transformation took too long');
    await driver.put(key, Readable.from(output));
  }

  /**
   * The file row's width and height are what the plan was checked against, and a client may change
   * them: the sizes are checked again against the image itself before any pixel is computed.
   */
  private async checkedRender(
    image: Sharp,
    operations: TransformOperation[],
    source: { autoOrient: boolean; sourceFormat: OutputFormat },
  ): Promise<Buffer> {
    try {
      const { width, height, orientation } = await image.metadata();
      const turned = source.autoOrient && (orientation ?? 1) >= 5;
      const size = { width: (turned ? height : width) ?? 0, height: (turned ? width : height) ?? 0 };
      assertStagesFit(size, operations, this.options.maxDimension);
      assertEncodeFits(outputSize(size, operations), operations, source.sourceFormat, this.options.slowEncodeMaxPixels);
      return await image.toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (/^timeout/.test((err as Error).message))
        throw new ServiceBusyError('assets', 'The transformation took too long');
      throw new IllegalAssetTransformationError(`The image could not be transformed: ${(err as Error).message}`);
    }
  }
}
