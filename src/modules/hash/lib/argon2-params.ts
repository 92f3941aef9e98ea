/** The costs an argon2 hash encodes: memory in KiB (`m`), passes (`t`), lanes (`p`). */
export interface Argon2Costs {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** node-argon2's own defaults, which apply while HASH_* are unset (API.md 2). */
export const ARGON2_DEFAULT_COSTS: Argon2Costs = { memoryCost: 65536, timeCost: 3, parallelism: 4 };

const PARAMS = /^\$argon2(?:id|i|d)\$v=\d+\$([a-z]=\d+(?:,[a-z]=\d+)*)\$/;
const NAMES: Record<string, keyof Argon2Costs> = { m: 'memoryCost', t: 'timeCost', p: 'parallelism' };

/** The costs written in `hash`, whatever their order; null when one of m, t, p is missing. */
export function argon2Costs(hash: string): Argon2Costs | null {
  const match = PARAMS.exec(hash);
  if (!match) return null;
  const costs: Partial<Argon2Costs> = {};
  for (const pair of match[1].split(',')) {
    const [name, value] = pair.split('=');
    if (NAMES[name]) costs[NAMES[name]] = Number(value);
  }
  return costs.memoryCost !== undefined && costs.timeCost !== undefined && costs.parallelism !== undefined
    ? (costs as Argon2Costs)
    : null;
}

/**
 * Why a caller's hash may not be verified here, or null when it may: verifying costs what the hash
 * says, so a hash may ask for no more memory, passes or lanes than this server spends on its own.
 */
export function costsAboveLimit(costs: Argon2Costs, limit: Argon2Costs): string | null {
  const over: string[] = [];
  if (costs.memoryCost > limit.memoryCost) over.push(`memory cost m=${costs.memoryCost} is above ${limit.memoryCost}`);
  if (costs.timeCost > limit.timeCost) over.push(`time cost t=${costs.timeCost} is above ${limit.timeCost}`);
  if (costs.parallelism > limit.parallelism)
    over.push(`parallelism p=${costs.parallelism} is above ${limit.parallelism}`);
  return over.length > 0 ? `"hash" asks for more work than this server allows: ${over.join(', ')}` : null;
}
