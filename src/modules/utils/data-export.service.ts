import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { dateStamp } from '../../common/http/attachment';
import { columnRef, isColumn } from '../../common/query/field-ref';
import type { ExportFormat, Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { FilesService } from '../files/files.service';
import { FileValues, parseFileValues } from '../files/lib/file-values';
import { ItemsFactory } from '../items/items.factory';
import type { Item, PrimaryKey } from '../items/items.service';
import type { JobEntity } from './entities/job.entity';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { JobsService } from './jobs.service';
import { csvFields, serializePages } from '../../common/export/export-formats';
import { parseExportQuery } from './lib/export-query';
import { pagedRows } from './lib/paged-rows';

/** API.md 2.1: the media type stored with each export file. */
const FILE_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  csv_utf8: 'text/csv; charset=utf-8',
  json: 'application/json',
  xml: 'text/xml',
  yaml: 'text/yaml',
};

/** Called with the number of rows serialized so far. */
export type ExportProgress = (rowsDone: number) => Promise<void> | void;

/**
 * `POST /utils/export/:collection` (API.md 2.1): the rows are read with the caller's permissions one
 * page at a time and streamed, serialized, into a new file of the file library; a job records the
 * progress and the file.
 */
@Injectable()
export class DataExportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly items: ItemsFactory,
    private readonly files: FilesService,
    private readonly jobs: JobsService,
    private readonly overviews: SchemaOverviewService,
  ) {}

  /**
   * Checks what can be checked at once, then starts the export as a job and returns it; what fails
   * while reading ends up on the job. The export reads the collection and creates a file, so a caller
   * who may not do both is refused here (403, the answer of an unknown collection, API.md), before
   * anything is written.
   */
  async start(
    collection: string,
    acc: Accountability,
    format: ExportFormat,
    rawQuery: Record<string, unknown>,
    file: Record<string, unknown> = {},
  ): Promise<JobEntity> {
    const query = parseExportQuery(rawQuery, this.config.query);
    // Files first: a caller who may not create them gets one answer whether the collection exists or not.
    await this.files.assertAllowed(acc, 'create');
    await this.items.for(collection, acc).assertReadable(query);
    const values = parseFileValues(file, { allowId: false });
    const job = await this.jobs.start('export', collection, acc, format);
    this.jobs.runInBackground(job, async (report) => {
      let rowsDone = 0;
      const chunks = this.serialize(collection, acc, format, query, (n) => {
        rowsDone = n;
        return report(n);
      });
      const id = await this.files.upload(
        { stream: Readable.from(chunks), filename: '', type: FILE_TYPES[format] },
        this.fileValues(collection, format, values),
        acc,
      );
      return { rowsDone, file: id };
    });
    return job;
  }

  /** The export as text chunks, for a file of the library or (command line) a local file. acc null reads everything. */
  async *serialize(
    collection: string,
    acc: Accountability | null,
    format: ExportFormat,
    query: Query,
    progress?: ExportProgress,
  ): AsyncGenerator<string> {
    const service = this.items.for(collection, acc);
    const pk = service.primaryKey;
    const sort = query.sort === 'random' || !query.sort ? [] : [...query.sort];
    // Paging needs a total order, or rows could repeat or go missing between pages (API.md 2.1).
    if (!sort.some((s) => isColumn(s.field, pk))) sort.push({ field: columnRef(pk), order: 'ASC' });
    const read: Query = { ...query, sort, page: undefined, meta: undefined };
    // Sorted by the key alone, a page starts after the last key of the one before, as long as the rows
    // carry their key; deep pages cost no more than the first.
    const keyset = sort.length === 1 && !query.alias?.[pk];
    const keyOf = (row: Item | undefined): PrimaryKey | undefined =>
      keyset ? (row?.[pk] as PrimaryKey | undefined) : undefined;
    const pages = pagedRows<Item>(
      (page) => {
        const after = keyOf(page.after);
        if (after !== undefined && after !== null) return service.readAfter({ ...read, limit: page.limit }, after);
        return service.readByQuery({ ...read, limit: page.limit, offset: (query.offset ?? 0) + page.offset });
      },
      this.config.importExport.exportBatchSize,
      query.limit,
    );

    // CSV columns come from the first page, so a null relation in the first row does not drop its columns.
    let first: IteratorResult<Item[]> | null = await pages.next();
    const fields =
      format === 'csv' || format === 'csv_utf8'
        ? csvFields(first.done ? [] : first.value, this.relatedItemPath(collection))
        : undefined;
    let count = 0;
    async function* counted(): AsyncGenerator<Item[]> {
      let page = first!;
      // Not kept for the rest of the export.
      first = null;
      for (; !page.done; page = await pages.next()) {
        yield page.value;
        count += page.value.length;
        await progress?.(count);
      }
    }
    yield* serializePages(format, counted(), { fields });
    await progress?.(count);
  }

  /**
   * API.md 2.1: only many-to-one items spread into `relation.field` columns; a JSON field's object, like
   * a one-to-many list, stays one JSON cell, so the file imports back into the same values.
   */
  private relatedItemPath(collection: string): (path: string) => boolean {
    const overview = this.overviews.current;
    return (path) => {
      let current = collection;
      for (const part of path.split('.')) {
        const link = overview.relation(current, part);
        if (link?.type !== 'm2o') return false;
        current = link.related;
      }
      return true;
    };
  }

  /** API.md 2.1: title `export-<collection>-<yyyyMMdd-HHmmss>`, download name `<title>.<format>`, the caller's fields over them. */
  private fileValues(collection: string, format: ExportFormat, values: FileValues): FileValues {
    const title = values.title ?? `export-${collection}-${dateStamp(new Date())}`;
    return {
      ...values,
      title,
      filename_download: values.filename_download ?? `${title}.${format}`,
      type: FILE_TYPES[format],
    };
  }
}
