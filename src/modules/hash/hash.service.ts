import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { InvalidPayloadError } from '../../common/errors/errors';

const ARGON2_HASH = /^\$argon2(id|i|d)\$v=\d+\$[a-z]=\d+(,[a-z]=\d+)*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * node-argon2 writes the parameters as `m=…,p=…,t=…`; libargon2's reference encoding, and the
 * verifiers built on it (PHP's password_verify, Python's argon2-cffi), require `m=…,t=…,p=…`.
 * Verification itself parses the parameters by name, so hashes stored in either order still verify.
 */
export function canonicalArgon2(hash: string): string {
  return hash.replace(/\$m=(\d+),p=(\d+),t=(\d+)\$/, (_all, m, p, t) => `$m=${m},t=${t},p=${p}$`);
}

/** One argon2 hasher for passwords and /utils/hash; costs from HASH_* (argon2's defaults otherwise). */
@Injectable()
export class HashService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  hash(value: string): Promise<string> {
    // Unset HASH_* keep argon2's own defaults (API.md 2): an explicit undefined would override them.
    const costs = Object.fromEntries(Object.entries(this.config.hash).filter(([, v]) => v !== undefined));
    return argon2.hash(value, { type: argon2.argon2id, ...costs }).then(canonicalArgon2);
  }

  static isArgon2Hash(value: string): boolean {
    return ARGON2_HASH.test(value);
  }

  /** False for a well-formed mismatch; INVALID_PAYLOAD when `hash` is not an argon2 hash at all. */
  async verify(hash: string, value: string): Promise<boolean> {
    if (!HashService.isArgon2Hash(hash)) throw new InvalidPayloadError('"hash" is not a valid argon2 hash');
    try {
      return await argon2.verify(hash, value);
    } catch {
      throw new InvalidPayloadError('"hash" is not a valid argon2 hash');
    }
  }
}
