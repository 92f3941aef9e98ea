import type { Request } from 'express';
import { Accountability, anonymousAccountability } from '../accountability';

const ACCOUNTABILITY = Symbol('accountability');
type RequestWithAccountability = Request & { [ACCOUNTABILITY]?: Accountability };

/** The caller's Accountability, as the auth module's global guard set it; the public one before that. */
export function accountabilityOf(req: Request): Accountability {
  return (req as RequestWithAccountability)[ACCOUNTABILITY] ?? anonymousAccountability(requestContext(req));
}

/** Kept on the request for the rest of its life (decorators, interceptors, multipart part handlers). */
export function setAccountability(req: Request, acc: Accountability): void {
  (req as RequestWithAccountability)[ACCOUNTABILITY] = acc;
}

export function requestContext(req: Request): Pick<Accountability, 'ip' | 'userAgent' | 'origin'> {
  return {
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    origin: typeof req.headers.origin === 'string' ? req.headers.origin : null,
  };
}
