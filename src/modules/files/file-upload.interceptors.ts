import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { InvalidPayloadError } from '../../common/errors/errors';
import { accountabilityOf } from '../../common/guards/request-accountability';
import { MultipartInterceptor } from '../../common/http/multipart/multipart.interceptor';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { FilesService } from './files.service';
import { multipartFields } from './lib/file-values';

function uploadLimits(config: AppConfig) {
  const max = config.files.maxUploadSize;
  return max === undefined ? {} : { fileSize: max };
}

/** `POST /files` as multipart: each file part is stored as it arrives; a failure removes the files stored before it. */
@Injectable()
export class FileUploadsInterceptor extends MultipartInterceptor<string> {
  constructor(@Inject(FilesService) files: FilesService, @Inject(APP_CONFIG) config: AppConfig) {
    super(
      {
        handle: (req, part) =>
          files.upload(part, files.values(multipartFields(part.fields), 'create'), accountabilityOf(req)),
        undo: async (req, key) => {
          await files.deleteMany([key], { ...accountabilityOf(req), admin: true });
        },
      },
      uploadLimits(config),
    );
  }
}

const REPLACED = Symbol('file replaced');

/** `PATCH /files/:id` as multipart: one file part replaces the file's contents. */
@Injectable()
export class FileReplaceInterceptor extends MultipartInterceptor<string> {
  constructor(@Inject(FilesService) files: FilesService, @Inject(APP_CONFIG) config: AppConfig) {
    super(
      {
        handle: async (req: Request & { [REPLACED]?: boolean }, part) => {
          if (req[REPLACED]) throw new InvalidPayloadError('Only one file can replace a file');
          req[REPLACED] = true;
          const acc = accountabilityOf(req);
          await files.assertAllowed(acc, 'update');
          return files.replace(String(req.params.id), part, files.values(multipartFields(part.fields), 'update'), acc);
        },
      },
      uploadLimits(config),
    );
  }
}
