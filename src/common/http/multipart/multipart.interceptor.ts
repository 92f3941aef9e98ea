import { CallHandler, ExecutionContext, HttpException } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Options } from 'multer';
import type { Observable } from 'rxjs';
import { AppError, AppErrorList } from '../../errors/app-error';
import { InvalidPayloadError } from '../../errors/errors';
import { PartHandler, partFailure, partsSettled, StreamedFile, StreamingStorage } from './streaming-storage';

/** Text fields are metadata (titles, tags, JSON objects): bounded in size and number, as API.md 6.2 allows. */
const FIELD_LIMITS = { fieldSize: 1024 * 1024, fields: 1000 };

/**
 * After a part failed, multer reads the rest of the body before it answers, so that a client still
 * sending gets the answer rather than a broken pipe. A client that stalls would never get it (an import
 * past IMPORT_TIMEOUT while its upload hangs): it gets the answer after this grace period instead, and
 * its connection is closed.
 */
const STALLED_BODY_GRACE_MS = 1000;

/** A media type that may be multipart/*; anything else is certainly not. */
const MULTIPART = /multipart/i;

function answerUnlessBodyEnds(error: unknown): Promise<never> {
  return new Promise((_resolve, reject) => setTimeout(() => reject(error), STALLED_BODY_GRACE_MS).unref());
}

/**
 * multer's own failures arrive as Nest HttpExceptions (limits, malformed bodies); a request the client
 * cut off fails with a plain Error instead, which is the client's fault, not the server's.
 */
function asClientError(e: unknown, req: Request): unknown {
  if (e instanceof AppError || e instanceof AppErrorList || e instanceof HttpException) return e;
  if (!req.complete && e instanceof Error)
    return new InvalidPayloadError(`The multipart body was cut off: ${e.message}`);
  return e;
}

/**
 * Every multipart route reads its body through multer, with Nest's AnyFilesInterceptor and a
 * StreamingStorage: each route's interceptor names what it does with a file part and its limits. The
 * route's handler finds the parts' results in `req.files` (none for a body that is not multipart).
 * Subclasses name each constructor parameter with `@Inject`: the mixin's own `@Inject` of multer's module
 * options on parameter 0 would otherwise be inherited.
 */
export abstract class MultipartInterceptor<T> extends AnyFilesInterceptor() {
  protected constructor(handler: PartHandler<T>, limits: Options['limits'] = {}) {
    super({ storage: new StreamingStorage(handler), limits: { ...FIELD_LIMITS, ...limits } });
  }

  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    // multer passes any other body on untouched, after parsing its media type (a first request's regex set-up).
    if (!MULTIPART.test(req.headers['content-type'] ?? '')) return next.handle();
    const parsed = Promise.resolve(super.intercept(context, next));
    // Settled by the race below or not at all once a part failed first: its late rejection is expected.
    parsed.catch(() => undefined);
    try {
      return await Promise.race([parsed, partFailure(req).catch((e: unknown) => answerUnlessBodyEnds(e))]);
    } catch (e) {
      await partsSettled(req);
      throw asClientError(e, req);
    }
  }
}

/** The results of the file parts multer handed to the route's StreamingStorage, in order. */
export function streamedResults<T>(req: Request): T[] {
  const files = Array.isArray(req.files) ? (req.files as StreamedFile<T>[]) : [];
  return files.map((file) => file.result);
}
