import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { InvalidPayloadError } from '../../common/errors/errors';
import { MultipartInterceptor } from '../../common/http/multipart/multipart.interceptor';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/** An uploaded snapshot file, read whole: its text is parsed by its part's media type (API.md 4.2). */
export interface SchemaFile {
  mimeType: string;
  text: string;
}

const RECEIVED = Symbol('schema file received');

/** `POST /schema/diff` and `/schema/apply` as multipart: one JSON or YAML file, at most MAX_PAYLOAD_SIZE. */
@Injectable()
export class SchemaUploadInterceptor extends MultipartInterceptor<SchemaFile> {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(
      {
        handle: async (req: Request & { [RECEIVED]?: boolean }, part) => {
          if (req[RECEIVED]) throw new InvalidPayloadError('The upload must contain only one file');
          req[RECEIVED] = true;
          const chunks: Buffer[] = [];
          for await (const chunk of part.stream) chunks.push(chunk as Buffer);
          return { mimeType: part.type, text: Buffer.concat(chunks).toString('utf8') };
        },
      },
      { fileSize: config.maxPayloadSize },
    );
  }
}
