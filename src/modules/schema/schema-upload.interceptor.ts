import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import Busboy from 'busboy';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ContentTooLargeError, InvalidPayloadError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/** An uploaded snapshot file, read whole: its text is parsed by its part's media type (API.md 4.2). */
export interface SchemaFile {
  mimeType: string;
  text: string;
}

const RECEIVED = Symbol('schema file');

/** The file SchemaUploadInterceptor read from a multipart request, if any. */
export function uploadedSchemaFile(req: Request): SchemaFile | undefined {
  return (req as Request & { [RECEIVED]?: SchemaFile })[RECEIVED];
}

/**
 * Reads the one file part of a multipart body. A part is a file when it has a file name or is sent as
 * `application/octet-stream`, as the reference reads it: its clients attach a snapshot as a bare buffer,
 * a part without a file name (which multer, used for the other uploads, drops).
 */
function readFilePart(req: Request, maxSize: number): Promise<SchemaFile | undefined> {
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: req.headers, limits: { fileSize: maxSize, fieldSize: maxSize, fields: 1000 } });
    } catch (e) {
      return reject(new InvalidPayloadError(`The multipart body can't be read: ${(e as Error).message}`));
    }
    let file: Promise<SchemaFile> | undefined;
    const fail = (error: Error) => {
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('file', (_name, stream, info) => {
      if (file) {
        stream.resume();
        return fail(new InvalidPayloadError('The upload must contain only one file'));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new ContentTooLargeError()));
      stream.on('error', cutOff);
      file = new Promise((done) =>
        stream.on('end', () => done({ mimeType: info.mimeType, text: Buffer.concat(chunks).toString('utf8') })),
      );
    });
    const cutOff = (e: Error) => fail(new InvalidPayloadError(`The multipart body was cut off: ${e.message}`));
    parser.on('error', cutOff);
    parser.on('close', () => resolve(file));
    req.pipe(parser);
  });
}

/** `POST /schema/diff` and `/schema/apply` as multipart: one JSON or YAML file, at most MAX_PAYLOAD_SIZE. */
@Injectable()
export class SchemaUploadInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request & { [RECEIVED]?: SchemaFile }>();
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return next.handle();
    req[RECEIVED] = await readFilePart(req, this.config.maxPayloadSize);
    return next.handle();
  }
}
