import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig, StorageLocationConfig } from '../../../config/app-config';
import { InvalidPayloadError } from '../../../common/errors/errors';
import { LocalDriver } from './local.driver';
import type { S3Driver } from './s3.driver';
import { StorageDriver } from './storage-driver';

function createDriver(location: StorageLocationConfig): StorageDriver {
  const o = location.options;
  if (location.driver === 's3') {
    // Loaded only when a location uses it: the AWS SDK adds about 40 MB to every process otherwise.
    const { S3Driver: Driver } = require('./s3.driver') as typeof import('./s3.driver');
    return new Driver({
      bucket: o.bucket,
      endpoint: o.endpoint,
      region: o.region,
      key: o.key,
      secret: o.secret,
      forcePathStyle: o.force_path_style === 'true',
      root: o.root,
    });
  }
  return new LocalDriver(o.root);
}

/** The storage locations of `STORAGE_LOCATIONS`, by name; the first is the default for uploads. */
@Injectable()
export class StorageService implements OnModuleDestroy {
  private readonly drivers = new Map<string, StorageDriver>();
  readonly defaultLocation: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    for (const location of config.storage.locations) this.drivers.set(location.name, createDriver(location));
    this.defaultLocation = config.storage.locations[0].name;
  }

  get names(): string[] {
    return [...this.drivers.keys()];
  }

  location(name: string): StorageDriver {
    const driver = this.drivers.get(name);
    if (!driver) throw new InvalidPayloadError(`Storage location "${name}" is not configured`);
    return driver;
  }

  onModuleDestroy(): void {
    for (const driver of this.drivers.values()) if ('destroy' in driver) (driver as S3Driver).destroy();
  }
}
