import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { currentCallerKey } from '../../common/caller-scope';
import { HashingBusyError, InvalidPayloadError } from '../../common/errors/errors';
import { ARGON2_DEFAULT_COSTS, Argon2Costs, argon2Costs, costsAboveLimit } from './lib/argon2-params';
import { WorkLimiter } from '../../common/work-limiter';

const ARGON2_HASH = /^\$argon2(id|i|d)\$v=\d+\$[a-z]=\d+(,[a-z]=\d+)*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * node-argon2 writes the parameters as `m=…,p=…,t=…`; libargon2's reference encoding, and the
 * verifiers built on it (PHP's password_verify, Python's argon2-cffi), require `m=…,t=…,p=…`.
 * Verification itself parses the parameters by name, so hashes stored in either order still verify.
 */
export function canonicalArgon2(hash: string): string {
  return hash.replace(/\$m=(\d+),p=(\d+),t=(\d+)\$/, (_all, m, p, t) => `$m=${m},t=${t},p=${p}$`);
}

/**
 * One argon2 hasher for passwords and /utils/hash; costs from HASH_* (argon2's defaults otherwise).
 * Every hash and verification waits for a slot of HASH_MAX_CONCURRENT (HASH_MAX_CONCURRENT_PER_CALLER
 * per user or address); past HASH_MAX_QUEUE waiting (HASH_MAX_QUEUE_PER_CALLER per caller), work is refused with 503.
 */
@Injectable()
export class HashService {
  private readonly costs: Argon2Costs;
  private readonly limiter: WorkLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { memoryCost, timeCost, parallelism, maxConcurrent, maxConcurrentPerCaller, maxQueue, maxQueuePerCaller } =
      config.hash;
    this.costs = {
      memoryCost: memoryCost ?? ARGON2_DEFAULT_COSTS.memoryCost,
      timeCost: timeCost ?? ARGON2_DEFAULT_COSTS.timeCost,
      parallelism: parallelism ?? ARGON2_DEFAULT_COSTS.parallelism,
    };
    this.limiter = new WorkLimiter({
      concurrency: maxConcurrent,
      perCaller: maxConcurrentPerCaller,
      queue: maxQueue,
      perCallerQueue: maxQueuePerCaller,
    });
  }

  async hash(value: string): Promise<string> {
    return canonicalArgon2(await this.limited(() => argon2.hash(value, { type: argon2.argon2id, ...this.costs })));
  }

  static isArgon2Hash(value: string): boolean {
    return ARGON2_HASH.test(value);
  }

  /** A stored hash (a password, a share's): false for a mismatch; INVALID_PAYLOAD when it is not an argon2 hash at all. */
  async verify(hash: string, value: string): Promise<boolean> {
    if (!HashService.isArgon2Hash(hash)) throw notArgon2();
    return this.limited(() => argon2.verify(hash, value).catch(() => Promise.reject(notArgon2())));
  }

  /**
   * A hash the caller supplies (/utils/hash/verify): verifying costs what its parameters say, so one
   * asking for more memory, passes or lanes than HASH_* is refused with INVALID_PAYLOAD before any work.
   */
  async verifySupplied(hash: string, value: string): Promise<boolean> {
    const costs = HashService.isArgon2Hash(hash) ? argon2Costs(hash) : null;
    if (!costs) throw notArgon2();
    const tooCostly = costsAboveLimit(costs, this.costs);
    if (tooCostly) throw new InvalidPayloadError(tooCostly);
    return this.verify(hash, value);
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    const slot = this.limiter.acquire(currentCallerKey());
    if (!slot) throw new HashingBusyError();
    const release = await slot;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

function notArgon2(): InvalidPayloadError {
  return new InvalidPayloadError('"hash" is not a valid argon2 hash');
}
