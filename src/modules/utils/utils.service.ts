import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { CacheService } from '../cache/cache.service';
import { SystemCacheService } from '../cache/system-cache.service';
import { HashService } from '../hash/hash.service';
import {
  RANDOM_STRING_DEFAULT_LENGTH,
  RANDOM_STRING_MAX_LENGTH,
  RANDOM_STRING_MIN_LENGTH,
  randomString,
} from './lib/random-string';

/** The `/utils` operations shared by REST and GraphQL (API.md 2). */
@Injectable()
export class UtilsService {
  constructor(
    private readonly hasher: HashService,
    private readonly cache: CacheService,
    private readonly systemCache: SystemCacheService,
  ) {}

  async generateHash(value: string): Promise<string> {
    if (value === '') throw new InvalidPayloadError('"string" is required');
    return this.hasher.hash(value);
  }

  /** Any argon2 variant verifies; a string that is not an argon2 hash, or one costlier than HASH_*, is INVALID_PAYLOAD. */
  verifyHash(value: string, hash: string): Promise<boolean> {
    return this.hasher.verifySupplied(hash, value);
  }

  randomString(length = RANDOM_STRING_DEFAULT_LENGTH): string {
    if (!Number.isInteger(length) || length < RANDOM_STRING_MIN_LENGTH || length > RANDOM_STRING_MAX_LENGTH) {
      throw new InvalidPayloadError(
        `"length" must be an integer from ${RANDOM_STRING_MIN_LENGTH} to ${RANDOM_STRING_MAX_LENGTH}`,
      );
    }
    return randomString(length);
  }

  /** Admin only (seed 5). Empties the data cache; `system` also reloads the system cache on every instance. */
  async clearCache(acc: Accountability, system: boolean): Promise<void> {
    if (!acc.admin) throw new ForbiddenError();
    await this.cache.clear();
    if (system) await this.systemCache.broadcastReload();
  }
}
