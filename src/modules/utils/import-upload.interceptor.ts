import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { accountabilityOf } from '../../common/guards/request-accountability';
import { MultipartInterceptor } from '../../common/http/multipart/multipart.interceptor';
import { DataImportService } from './data-import.service';
import type { JobEntity } from './entities/job.entity';

const IMPORTED = Symbol('import part handled');

/** `?background`, `?background=true` and `?background=1` ask for the job at once. */
export function isBackground(value: unknown): boolean {
  return value === 'true' || value === '1' || value === '';
}

/** What became of a file part: the import's job (background), none (done), or skipped (not the first file part). */
export type ImportPartOutcome = { job: JobEntity | null } | 'skipped';

/**
 * `POST /utils/import/:collection`: the first file part is imported as it arrives (API.md 2.2); any
 * further file part is read and ignored. Nothing is undone here: an import writes all its rows or none.
 */
@Injectable()
export class ImportUploadInterceptor extends MultipartInterceptor<ImportPartOutcome> {
  constructor(@Inject(DataImportService) importer: DataImportService) {
    super({
      handle: async (req: Request & { [IMPORTED]?: boolean }, part) => {
        if (req[IMPORTED]) {
          part.stream.resume();
          return 'skipped';
        }
        req[IMPORTED] = true;
        const acc = accountabilityOf(req);
        return {
          job: await importer.importPart(String(req.params.collection), acc, part, isBackground(req.query.background)),
        };
      },
    });
  }
}
