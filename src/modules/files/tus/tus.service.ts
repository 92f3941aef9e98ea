import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import type { Accountability } from '../../../common/accountability';
import { nextRun, parseCron } from '../../../config/cron';
import { ForbiddenError, RouteNotFoundError } from '../../../common/errors/errors';
import { accountabilityOf } from '../../../common/guards/request-accountability';
import { AppLogger } from '../../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { FilesService } from '../files.service';
import { assertTusHeaders, OWNER_KEY, parseUploadMetadata, storedFileRequest, tusFileRequest } from './tus-request';
import { tusErrorToAppError } from './tus-error';
import { keepVellumCors } from './tus-cors';

export const TUS_PATH = '/files/tus';
/** How often the clean-up schedule is looked at: twice a minute, so no minute it names is missed. */
const SCHEDULE_TICK_MS = 30_000;
/**
 * Name the file a finished upload created: the reference platform's header, which its clients read, and
 * Vellum's own (API.md, Resumable uploads), both with the same id.
 */
export const FILE_ID_HEADERS = ['Directus-File-Id', 'Vellum-File-Id'] as const;

/** The `:id` of `/files/tus/:id`: Vellum groups routes by their first segment, so `req.url` lacks `/files`. */
function uploadIdOf(req: Request): string | undefined {
  const id = req.params?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Resumable uploads (tus 1.0.0) at `/files/tus` when TUS_ENABLED: chunks collect in a temporary
 * directory of this instance (so an upload must be continued on the instance that started it), and the
 * finished file goes through FilesService.upload or .replace like a multipart upload (storage location,
 * size limit, metadata, activity). An upload can only be continued by the user who started it.
 */
@Injectable()
export class TusService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly server?: Server;
  private readonly store?: FileStore;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
    private readonly logger: AppLogger,
  ) {
    const { tus, maxUploadSize } = config.files;
    if (!tus.enabled) return;
    this.store = new FileStore({
      directory: join(tmpdir(), 'vellum-tus'),
      expirationPeriodInMilliseconds: tus.expiration,
    });
    this.server = new Server({
      path: TUS_PATH,
      datastore: this.store,
      relativeLocation: true,
      ...(maxUploadSize !== undefined && { maxSize: maxUploadSize }),
      getFileIdFromRequest: (req) => uploadIdOf(req as Request),
      onUploadCreate: async (req, res, upload) => ({
        res,
        metadata: { ...upload.metadata, [OWNER_KEY]: this.caller(req).user ?? '' },
      }),
      onUploadFinish: async (req, res, upload) => {
        // A creation that carries every byte (or none) is read again by the library after this hook, so the
        // partial upload goes once the answer is out, not before (it answered 403 to a file it had stored).
        res.once('close', () => void this.store!.remove(upload.id).catch(() => undefined));
        const id = await this.finish(this.caller(req), upload);
        return { res, headers: Object.fromEntries(FILE_ID_HEADERS.map((name) => [name, id])) };
      },
      onResponseError: (_req, _res, err) => {
        const mapped = tusErrorToAppError(err);
        if (mapped === 'protocol') return undefined;
        throw mapped ?? err;
      },
    });
  }

  onApplicationBootstrap(): void {
    if (!this.server) return;
    // loadConfig refused a schedule that does not parse.
    const schedule = parseCron(this.config.files.tus.cleanupSchedule);
    let due = nextRun(schedule, new Date()).getTime();
    this.timer = setInterval(() => {
      if (Date.now() < due) return;
      due = nextRun(schedule, new Date()).getTime();
      void this.cleanUp();
    }, SCHEDULE_TICK_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Removes partial uploads older than TUS_UPLOAD_EXPIRATION; returns how many. */
  async cleanUp(): Promise<number> {
    if (!this.server) return 0;
    try {
      return await this.server.cleanUpExpiredUploads();
    } catch (err) {
      this.logger.warn({ err }, 'expired resumable uploads could not be removed; the next pass tries again');
      return 0;
    }
  }

  /**
   * One tus request, once the caller may write files: creation needs create on files (update for a
   * replacement), and the other requests are the uploader's own.
   */
  async handle(req: Request, res: Response, acc: Accountability): Promise<void> {
    if (!this.server || !this.store) throw new RouteNotFoundError(req.originalUrl.split('?')[0]);
    assertTusHeaders(req.method, req.headers, this.config.files.maxUploadSize);
    if (req.method === 'POST') {
      const request = tusFileRequest(parseUploadMetadata(req.headers['upload-metadata'] as string | undefined));
      await this.files.assertAllowed(acc, request.replaceId ? 'update' : 'create');
      this.files.values(request.fields, request.replaceId ? 'update' : 'create');
    } else {
      await this.files.assertAllowed(acc, 'create');
      await this.assertOwner(uploadIdOf(req), acc);
    }
    keepVellumCors(res, FILE_ID_HEADERS);
    await this.server.handle(req, res);
  }

  private async assertOwner(id: string | undefined, acc: Accountability): Promise<void> {
    if (!id || !this.store) throw new ForbiddenError();
    const upload = await this.store.getUpload(id).catch(() => null);
    // A missing upload is the library's answer (404 mapped to 403, which tus clients take as "start again").
    if (upload && (upload.metadata?.[OWNER_KEY] ?? '') !== (acc.user ?? '')) throw new ForbiddenError();
  }

  private caller(req: IncomingMessage): Accountability {
    return accountabilityOf(req as Request);
  }

  /** The finished bytes become a file (or a file's new content). */
  private async finish(acc: Accountability, upload: Upload): Promise<string> {
    const request = storedFileRequest(upload.metadata ?? {});
    const content = {
      stream: createReadStream(join(this.store!.directory, upload.id)),
      filename: request.filename,
      type: request.type,
    };
    try {
      if (request.replaceId) {
        await this.files.assertAllowed(acc, 'update');
        return await this.files.replace(request.replaceId, content, this.files.values(request.fields, 'update'), acc);
      }
      return await this.files.upload(content, this.files.values(request.fields, 'create'), acc);
    } finally {
      content.stream.destroy();
    }
  }
}
