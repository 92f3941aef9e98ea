import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { AppError, AppErrorList } from '../../common/errors/app-error';
import {
  CollectionInactiveError,
  collectionForbidden,
  InvalidPayloadError,
  LimitExceededError,
  OutOfTimeError,
} from '../../common/errors/errors';
import type { FilePart } from '../../common/http/multipart/streaming-storage';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import { ItemsFactory } from '../items/items.factory';
import type { ItemsService, PreparedCreates } from '../items/items.service';
import { PermissionsService } from '../permissions/permissions.service';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import type { FieldType } from '../schema/schema.types';
import type { JobEntity } from './entities/job.entity';
import { JobsService } from './jobs.service';
import { csvCellByType } from './lib/csv-cell-by-type';
import { ImportErrors } from './lib/import-errors';
import { importTempName } from './lib/import-temp';
import { CsvColumnReader, ImportFormat, ImportRow, readImportBatches } from './lib/import-rows';
import { ImportUpload, importUpload } from './lib/import-upload';
import { writePipelined } from './lib/pipelined-batches';

/** `fn` the first time only, whatever the number of calls. */
function once(fn: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    fn();
  };
}

/**
 * Batches read and prepared while one is written: the write waits on the database three times (rows,
 * activity, revisions). Two ahead made a 100k-row import on MariaDB about 6% faster than one.
 */
const IMPORT_BATCHES_AHEAD = 2;

/** Called with the number of rows written so far, after each batch. */
export type ImportProgress = (rowsDone: number) => Promise<void> | void;

/**
 * `POST /utils/import/:collection` (API.md 2.2 and the decisions table): the file is read record by
 * record and written through the items engine in batches, all inside one transaction. Row errors are
 * collected with their line numbers and roll everything back; memory holds one batch, whatever the
 * file size.
 */
@Injectable()
export class DataImportService {
  /** Imports running on this instance. */
  private running = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DIALECT) private readonly dialect: Dialect,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
    private readonly overviews: SchemaOverviewService,
    private readonly jobs: JobsService,
  ) {}

  /** Create and update permission on the collection; system collections are for admins only. */
  async assertCanImport(collection: string, acc: Accountability | null): Promise<void> {
    // Reading the schema is what refuses a collection that does not exist.
    void this.items.for(collection, acc).schema;
    if (acc && !acc.admin && collection.startsWith('svc_')) throw collectionForbidden(collection);
    const [create, update] = await Promise.all([
      this.permissions.find(acc, collection, 'create'),
      this.permissions.find(acc, collection, 'update'),
    ]);
    if (!create || !update) throw collectionForbidden(collection);
    if (this.overviews.current.isInactive(collection)) throw new CollectionInactiveError(collection);
  }

  /**
   * One file part of `POST /utils/import/:collection`: permissions, then one of this instance's import
   * slots (IMPORT_MAX_CONCURRENCY, API.md 2.2: LIMIT_EXCEEDED when all are taken), then the part's own
   * media type picks the reader. Resolves once every row is written, or with the job once the part is
   * received for `?background=true`; the slot is held until the import ends either way.
   */
  async importPart(
    collection: string,
    acc: Accountability,
    part: FilePart,
    background: boolean,
  ): Promise<JobEntity | null> {
    await this.assertCanImport(collection, acc);
    if (this.running >= this.config.importExport.maxConcurrentImports)
      throw new LimitExceededError('concurrent imports');
    this.running++;
    const release = once(() => this.running--);
    let handedOver = false;
    try {
      const upload = importUpload(part);
      if (!background) {
        await this.importUpload(collection, acc, upload);
        return null;
      }
      const job = await this.importUploadInBackground(collection, acc, upload, release);
      handedOver = true;
      return job;
    } finally {
      if (!handedOver) release();
    }
  }

  /** Reads the upload to its end and imports it, recorded as a job. */
  private async importUpload(collection: string, acc: Accountability, upload: ImportUpload): Promise<void> {
    const job = await this.jobs.start('import', collection, acc, upload.format);
    await this.jobs.run(job, async (report) => ({
      rowsDone: await this.importStream(collection, acc, upload.format, upload.stream, report),
    }));
  }

  /**
   * `?background=true`: the upload is first copied to a temporary file (streamed, so the request ends
   * normally whatever its size), then imported after the answer; the job reports how it went. `done`
   * is called when the import has ended, or failed to start.
   */
  private async importUploadInBackground(
    collection: string,
    acc: Accountability,
    upload: ImportUpload,
    done: () => void,
  ): Promise<JobEntity> {
    const path = join(tmpdir(), importTempName(randomUUID()));
    let job: JobEntity;
    try {
      await pipeline(upload.stream, createWriteStream(path));
      job = await this.jobs.start('import', collection, acc, upload.format);
    } catch (e) {
      await unlink(path).catch(() => undefined);
      done();
      throw e;
    }
    this.jobs.runInBackground(job, async (report) => {
      try {
        return { rowsDone: await this.importStream(collection, acc, upload.format, createReadStream(path), report) };
      } finally {
        await unlink(path).catch(() => undefined);
        done();
      }
    });
    return job;
  }

  /**
   * The import itself, also used by the command line (acc null: no permission checks, no activity).
   * After IMPORT_TIMEOUT (API.md 2.2) it stops reading and rolls back with OUT_OF_TIME.
   */
  async importStream(
    collection: string,
    acc: Accountability | null,
    format: ImportFormat,
    source: Readable,
    progress?: ImportProgress,
  ): Promise<number> {
    await this.assertCanImport(collection, acc);
    const { importTimeout } = this.config.importExport;
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      const error = new OutOfTimeError('import', importTimeout);
      deadline.abort(error);
      // A stalled upload ends too: reading fails with the same error.
      source.destroy(error);
    }, importTimeout);
    try {
      return await this.importRows(
        collection,
        acc,
        readImportBatches(source, format, { csvColumn: this.csvColumn(collection) }),
        deadline.signal,
        progress,
      );
    } finally {
      clearTimeout(timer);
      source.destroy();
    }
  }

  private async importRows(
    collection: string,
    acc: Accountability | null,
    pieces: AsyncIterable<ImportRow[]>,
    deadline: AbortSignal,
    progress?: ImportProgress,
  ): Promise<number> {
    const { maxImportErrors, importBatchSize } = this.config.importExport;
    const errors = new ImportErrors(maxImportErrors);
    return this.dataSource.transaction(async (manager) => {
      const service = this.items.for(collection, acc, manager);
      let done = 0;
      const rowFailed = (line: number, e: unknown) => {
        const rowErrors = this.rowErrors(e);
        if (!rowErrors) throw e;
        errors.add(line, rowErrors);
        // After a failed statement PostgreSQL refuses every other one in the transaction; the rows so
        // far are what can be reported.
        if (errors.full || e instanceof QueryFailedError) throw errors.toError()!;
      };
      const write = async (batch: ImportRow[], prepared: PreparedCreates) => {
        done += service.schema.singleton
          ? await this.writeSingleton(service, batch, rowFailed)
          : (
              await service.upsertMany(
                batch.map((row) => row.data),
                { rowError: (index, e) => rowFailed(batch[index].line, e), prepared },
              )
            ).length;
        await progress?.(done);
      };
      // While the database writes one batch, the next is parsed and prepared (checked and converted:
      // Vellum's share of the work, done while it would otherwise wait).
      const prepare = (batch: ImportRow[]): Promise<PreparedCreates> =>
        service.schema.singleton
          ? Promise.resolve<PreparedCreates>(new Map())
          : service.prepareCreates(batch.map((row) => row.data));
      await writePipelined(
        pieces,
        importBatchSize,
        prepare,
        write,
        () => deadline.throwIfAborted(),
        IMPORT_BATCHES_AHEAD,
      );
      const failed = errors.toError();
      if (failed) throw failed;
      return done;
    });
  }

  private async writeSingleton(
    service: ItemsService,
    batch: ImportRow[],
    rowFailed: (line: number, e: unknown) => void,
  ): Promise<number> {
    let written = 0;
    for (const row of batch) {
      if (row.row > 1) throw new InvalidPayloadError(`Line ${row.line}: a singleton takes exactly one row`);
      try {
        await service.upsertSingleton(row.data);
        written++;
      } catch (e) {
        rowFailed(row.line, e);
      }
    }
    return written;
  }

  /**
   * The errors a row failed with, or null for a failure that is not the row's (no permission, the
   * database gone), which ends the import at once.
   */
  private rowErrors(e: unknown): AppError[] | null {
    if (e instanceof QueryFailedError) {
      const translated = this.dialect.translateError(e as QueryFailedError);
      return translated && translated.status === 400 ? [translated] : null;
    }
    if (e instanceof AppErrorList) return e.errors.every((x) => x.status === 400) ? e.errors : null;
    if (e instanceof AppError) return e.status === 400 ? [e] : null;
    return null;
  }

  /** CSV cells read by the type of the field their column names; dotted columns follow many-to-one relations. */
  private csvColumn(collection: string): CsvColumnReader {
    const overview = this.overviews.current;
    const typeAt = (path: string[]): FieldType | null => {
      let current = collection;
      for (const part of path.slice(0, -1)) {
        const link = overview.relation(current, part);
        if (link?.type !== 'm2o') return null;
        current = link.related;
      }
      return overview.collection(current)?.fields[path[path.length - 1]]?.type ?? null;
    };
    return (path) => {
      const type = typeAt(path);
      return (text) => csvCellByType(type, text);
    };
  }
}
