import { AsyncLocalStorage } from 'node:async_hooks';
import type { Accountability } from './accountability';

// Per-caller limits (argon2 work) are enforced deep below services that do not carry the caller
// (sign-in, password changes, hashed fields); each transport enters the scope once instead. The store
// is read lazily: an HTTP request enters the scope before its auth guard has named the caller.
const scope = new AsyncLocalStorage<() => Accountability>();

/** Runs `fn` as work done for `acc`. */
export function runAsCaller<T>(acc: Accountability, fn: () => T): T {
  return scope.run(() => acc, fn);
}

/** Runs `fn` as work done for whoever `caller` names when the work asks. */
export function runForCaller<T>(caller: () => Accountability, fn: () => T): T {
  return scope.run(caller, fn);
}

/** Whom the current work is for: the signed-in user, else the client's address; null outside any caller's work. */
export function currentCallerKey(): string | null {
  const acc = scope.getStore()?.();
  if (acc?.user) return `user:${acc.user}`;
  return acc?.ip ? `ip:${acc.ip}` : null;
}
