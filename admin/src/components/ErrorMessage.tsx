import { ApiError } from '../api';

/** Any failure as a sentence a person can read; a network failure offers to try again. */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const offline = error instanceof ApiError && error.status === 0;
  return (
    <div role="alert" className="error">
      <p>{message}</p>
      {offline && onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
