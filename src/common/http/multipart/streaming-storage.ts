import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { PassThrough, type Readable } from 'node:stream';

/** One file part of a multipart body, its bytes still arriving. */
export interface FilePart {
  stream: Readable;
  filename: string;
  type: string;
  /** The text fields sent since the previous file part (API.md 6.2: they describe this file). */
  fields: Record<string, unknown>;
}

/** What a route does with each file part; `result` is what the route's handler finds in `req.files`. */
export interface PartHandler<T> {
  /** Consumes the part's stream (storing it, importing it, ...) and resolves once it is done with it. */
  handle(req: Request, part: FilePart): Promise<T>;
  /** Undoes a handled part when a later part of the same request fails: nothing is left behind. */
  undo?: (req: Request, result: T) => Promise<void>;
}

export type StreamedFile<T> = Express.Multer.File & { result: T };

const CONSUMED = Symbol('multipart fields consumed');
const IN_FLIGHT = Symbol('multipart parts in flight');
const ON_FAILURE = Symbol('multipart part failure listener');
type TrackedRequest = Request & { [IN_FLIGHT]?: Set<Promise<unknown>>; [ON_FAILURE]?: (error: unknown) => void };

/**
 * Rejects with the first failure of a part handler of the request. multer answers a failed part only
 * once the client has sent the whole body, which a stalled client never does: the route answers on this
 * instead (IMPORT_TIMEOUT's 408 while the upload hangs).
 */
export function partFailure(req: Request): Promise<never> {
  return new Promise((_resolve, reject) => {
    (req as TrackedRequest)[ON_FAILURE] = reject;
  });
}

function track(req: Request, work: Promise<unknown>): void {
  const inFlight = ((req as TrackedRequest)[IN_FLIGHT] ??= new Set());
  const settled: Promise<boolean> = work.then(
    () => inFlight.delete(settled),
    () => inFlight.delete(settled),
  );
  inFlight.add(settled);
}

/**
 * Resolves once every part handler and undo of the request has settled. multer answers a failed body
 * (cut off, malformed) without waiting for the handler still reading the part; the answer must wait,
 * or the client could see stored bytes that are about to be removed.
 */
export async function partsSettled(req: Request): Promise<void> {
  const inFlight = (req as TrackedRequest)[IN_FLIGHT];
  while (inFlight?.size) await Promise.allSettled([...inFlight]);
}
type FieldTracking = Request & { [CONSUMED]?: Map<string, number> };

/**
 * multer collects every text field into `req.body` (repeated names into arrays); a file part takes the
 * fields that arrived since the part before it, a repeated name its latest value.
 */
export function fieldsSincePreviousFile(req: Request): Record<string, unknown> {
  const tracked = req as FieldTracking;
  const consumed = (tracked[CONSUMED] ??= new Map());
  // Without a prototype, a field named `__proto__` stays a key that the route's checks see and refuse.
  const own = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.length <= (consumed.get(name) ?? 0)) continue;
    own[name] = values[values.length - 1];
    consumed.set(name, values.length);
  }
  return own;
}

/**
 * A multer StorageEngine that hands each part's stream, as it arrives, to the route's handler: nothing
 * is buffered or written to a temporary file by multer, so a 1 GB upload or a million-row import keeps
 * the memory of one stream. multer waits for each handled part and, on any failure, asks to undo the
 * parts already handled.
 */
export class StreamingStorage<T> implements StorageEngine {
  constructor(private readonly handler: PartHandler<T>) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<StreamedFile<T>>) => void,
  ): void {
    const source = file.stream;
    // The handler gets its own stream: when it gives up (a limit of its own) and destroys what it
    // reads, multer must not take that for a failed part and answer before the handler cleaned up.
    const stream = source.pipe(new PassThrough());
    // A truncated body fails the part before or while the handler reads it; multer answers that error,
    // and an 'error' event nobody hears would crash the process.
    source.on('error', (e) => stream.destroy(e));
    stream.on('error', () => undefined);
    const part = {
      stream,
      filename: file.originalname ?? '',
      type: file.mimetype,
      fields: fieldsSincePreviousFile(req),
    };
    // A handler that throws at once fails the part like one that rejects, not the parser's event.
    const work = Promise.resolve().then(() => this.handler.handle(req, part));
    track(
      req,
      work.then(
        (result) => callback(null, { result }),
        (error: unknown) => {
          source.unpipe(stream);
          source.resume();
          callback(error);
          (req as TrackedRequest)[ON_FAILURE]?.(error);
        },
      ),
    );
  }

  _removeFile(req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    const { result } = file as StreamedFile<T>;
    const undo = this.handler.undo;
    if (!undo || result === undefined) return callback(null);
    const work = Promise.resolve().then(() => undo(req, result));
    track(req, work);
    work.then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }
}
