import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppLogger } from '../../common/logging/app-logger';
import { FileEntity } from './entities/file.entity';
import { fileIdOfTemp, TEMP_PREFIX, tempFate, tempOwnerGone } from './lib/upload-temp';
import { StorageService } from './storage/storage.service';
import type { StorageDriver } from './storage/storage-driver';

/** A temporary object younger than this may belong to an upload still running (on any instance). */
const MIN_AGE_MS = 10 * 60_000;
const EVERY_MS = 30 * 60_000;

/**
 * Cleans up after processes that died during an upload or a replacement: at start and every half hour,
 * each storage location's temporary objects (old ones, or those of a process of this host that no longer
 * runs) are completed (a committed upload whose bytes were never
 * moved into place) or removed, so storage holds no bytes without a row and no row lacks its bytes.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(FileEntity) private readonly files: Repository<FileEntity>,
    private readonly storage: StorageService,
    private readonly logger: AppLogger,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One pass over every location; failures are logged, the next pass tries again. */
  async sweep(minAgeMs = MIN_AGE_MS): Promise<void> {
    for (const name of this.storage.names) {
      await this.sweepLocation(this.storage.location(name), minAgeMs).catch((err: unknown) => {
        this.logger.warn(
          { err, storage: name },
          'temporary upload objects could not be swept; the next pass tries again',
        );
      });
    }
  }

  private async sweepLocation(driver: StorageDriver, minAgeMs: number): Promise<void> {
    for (const key of await driver.list(TEMP_PREFIX)) {
      const stat = await driver.stat(key);
      if (!stat) continue;
      const id = fileIdOfTemp(key);
      const row = id ? await this.files.findOne({ where: { id }, select: { id: true, filename_disk: true } }) : null;
      const diskExists = row?.filename_disk ? await driver.exists(row.filename_disk) : false;
      const fate = tempFate(key, Date.now() - stat.modified.getTime(), minAgeMs, row, diskExists, tempOwnerGone(key));
      if (fate === 'move') await driver.move(key, row!.filename_disk!);
      if (fate === 'delete') await driver.delete(key);
      if (fate !== 'keep') this.logger.info({ key, fate }, 'temporary upload object swept');
    }
  }
}
