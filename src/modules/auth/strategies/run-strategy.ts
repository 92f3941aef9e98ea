import type { Strategy } from 'passport';

export type StrategyOutcome<U> = { user: U } | { user: false; challenge: unknown };

/**
 * Runs one passport strategy against a request, the way passport.authenticate does, but on the strategy
 * instance itself: passport's registry is global, and each Nest app (several per test run) has its own
 * strategies with their own config. An error thrown by `validate` (our AppErrors) rejects unchanged;
 * a passport failure resolves with its challenge, and the caller chooses the AppError.
 */
export function runStrategy<U>(strategy: Strategy, req: object): Promise<StrategyOutcome<U>> {
  return new Promise((resolve, reject) => {
    const attempt = Object.create(strategy) as {
      authenticate(req: object, options: object): void;
      success(user: U): void;
      fail(challenge?: unknown): void;
      error(err: unknown): void;
      pass(): void;
      redirect(url: string): void;
    };
    attempt.success = (user) => resolve({ user });
    attempt.fail = (challenge) => resolve({ user: false, challenge });
    attempt.error = reject;
    attempt.pass = () => resolve({ user: false, challenge: undefined });
    attempt.redirect = () => resolve({ user: false, challenge: undefined });
    attempt.authenticate(req, { session: false });
  });
}
