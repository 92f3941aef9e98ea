import { readdir, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { importTempIsLeftover } from './lib/import-temp';

/**
 * A process killed during a background import leaves its upload's temporary copy behind: at start,
 * each copy whose importing process is gone (or that is older than IMPORT_TIMEOUT) is removed.
 */
@Injectable()
export class ImportTempSweeper implements OnApplicationBootstrap {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    // In the background: a large temporary folder must not hold up the start.
    void this.sweep().catch(() => undefined);
  }

  /** Removes the leftovers; answers how many went. */
  async sweep(folder = tmpdir()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(folder)) {
      if (!name.startsWith('vellum-import-')) continue;
      const path = join(folder, name);
      const info = await stat(path).catch(() => null);
      if (!info || !importTempIsLeftover(name, Date.now() - info.mtimeMs, this.config.importExport.importTimeout))
        continue;
      if (
        await unlink(path).then(
          () => true,
          () => false,
        )
      )
        removed++;
    }
    return removed;
  }
}
