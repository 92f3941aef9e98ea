/** Who is calling (ARCHITECTURE: request flow). Anonymous callers have `user: null` and the public role. */
export interface Accountability {
  user: string | null;
  role: string | null;
  admin: boolean;
  app: boolean;
  ip: string | null;
  userAgent: string | null;
  origin: string | null;
  /** Raw session token, for session-mode JWTs. */
  session?: string;
  /** Signed in with a share (POST /shares/auth): no user, and reads of the shared item only. */
  share?: { id: string; collection: string; item: string };
}

export function anonymousAccountability(
  context: Pick<Accountability, 'ip' | 'userAgent' | 'origin'> = { ip: null, userAgent: null, origin: null },
): Accountability {
  return { user: null, role: null, admin: false, app: false, ...context };
}
