import { AppError } from '../../../common/errors/app-error';

export type Uid = string | number;

/**
 * An error answered on the socket as `{ type, status: "error", error: { code, message }, uid? }`: `type`
 * names the kind of message that failed (auth, subscribe, items, ...), as the reference platform does.
 */
export class SocketError extends Error {
  constructor(
    readonly type: string,
    readonly code: string,
    message: string,
    readonly uid?: Uid,
  ) {
    super(message);
  }
}

/** The socket frame for `error`; null for an unexpected error, which the caller logs instead of leaking. */
export function errorFrame(type: string, error: unknown, uid?: Uid): string | null {
  let code: string;
  let message: string;
  if (error instanceof SocketError) {
    ({ code, message } = error);
    type = error.type;
    uid = error.uid ?? uid;
  } else if (error instanceof AppError) {
    ({ code, message } = error);
  } else {
    return null;
  }
  return JSON.stringify({ type, status: 'error', error: { code, message }, ...(uid !== undefined ? { uid } : {}) });
}

/** `{ type, ...data, uid? }`: the reference's frame for every answer and event. */
export function frame(type: string, data: Record<string, unknown> = {}, uid?: Uid): string {
  return JSON.stringify({ type, ...data, ...(uid !== undefined ? { uid } : {}) });
}
