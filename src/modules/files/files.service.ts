import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { CLOCK, Clock } from '../../common/clock';
import { isUuid } from '../../common/is-uuid';
import { cleanDownloadName, servedMediaType } from '../../common/http/header-values';
import {
  ForbiddenError,
  InvalidPayloadError,
  RecordNotUniqueError,
  ServiceUnavailableError,
} from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { inChunks } from '../../database/key-lists';
import type { ItemsWriter } from '../items/items-http';
import { ItemsFactory } from '../items/items.factory';
import type { Item, ItemsService } from '../items/items.service';
import { PermissionsService } from '../permissions/permissions.service';
import { SettingsService } from '../settings/settings.service';
import { FileEntity } from './entities/file.entity';
import { writeContent } from './lib/write-content';
import { FileValues, parseFileValues } from './lib/file-values';
import { formatTitle } from './lib/format-title';
import { replaceTempKey, uploadTempKey } from './lib/upload-temp';
import { extractMetadata } from './lib/extract-metadata';
import { filesWriter } from './files-writer';
import { bareType, extensionForType, extensionOf, mimeTypeAllowed } from './lib/mime';
import { variantPrefix } from './transform/transform-key';
import { StorageService } from './storage/storage.service';
import { isSafeKey } from './storage/storage-driver';
import { GenerationCache } from '../cache/lib/generation-cache';
import { CountCacheService } from '../items/count-cache.service';
import { assertOwnVariants } from './disk-name-clash';
import { MetricsService } from '../../common/metrics/metrics.service';

/** File rows kept for asset requests: a row is under 2 KB. */
const FILE_ROWS = 2_000;

export interface IncomingContent {
  stream: Readable;
  /** Name the client gave the content (multipart file name, last URL segment). */
  filename: string;
  /** Media type the client or remote server declared. */
  type: string | null;
}

/**
 * The rules of `svc_files` (API.md 6): defaults, storage of the bytes, metadata and clean-up. Rows are
 * written through the items engine, so permissions (row filters, field lists, presets, validation) and
 * activity are those of every other collection; what the server itself finds out about the bytes
 * (size, dimensions, extracted metadata) is written next to them whatever fields the caller may set.
 */
@Injectable()
export class FilesService {
  private readonly rows: GenerationCache<Readonly<FileEntity> | null>;

  constructor(
    @InjectRepository(FileEntity) private readonly files: Repository<FileEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
    private readonly settings: SettingsService,
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
    private readonly counts: CountCacheService,
    private readonly metrics: MetricsService,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.rows = new GenerationCache<Readonly<FileEntity> | null>(FILE_ROWS, () => clock.now());
  }

  /**
   * A file body (JSON, or a file part's text fields) as FileValues, after the check of every system
   * collection's write: members that are not fields of svc_files are refused, not dropped.
   */
  values(input: unknown, mode: 'create' | 'update'): FileValues {
    this.engine(null).checkSystemPayload(input, mode);
    return parseFileValues(input, { allowId: mode === 'create' });
  }

  /** The items engine on svc_files for this caller (null: an internal call). */
  engine(acc: Accountability | null, manager?: EntityManager): ItemsService {
    return this.items.for('svc_files', acc, manager);
  }

  /** Checked before any byte is stored, so a caller without the permission never fills the storage. */
  async assertAllowed(acc: Accountability, action: 'create' | 'update'): Promise<void> {
    if (!(await this.permissions.find(acc, 'svc_files', action))) throw new ForbiddenError();
  }

  /** The stored row, for internal use; a missing row and an invalid id both answer FORBIDDEN (API.md 1.5). */
  private async row(id: string): Promise<FileEntity> {
    const row = isUuid(id) ? await this.files.findOneBy({ id: id.toLowerCase() }) : null;
    if (!row) throw new ForbiddenError();
    return row;
  }

  /** The row for reads, kept while svc_files is unchanged: every asset request reads it. */
  private async cachedRow(id: string): Promise<Readonly<FileEntity>> {
    if (!isUuid(id)) throw new ForbiddenError();
    const key = id.toLowerCase();
    const row = await this.counts.cachedRead(this.rows, key, ['svc_files'], async () => {
      const found = await this.files.findOneBy({ id: key });
      return found ? Object.freeze(found) : null;
    });
    if (!row) throw new ForbiddenError();
    return row;
  }

  /**
   * The row behind `/assets/:id` and other internal uses, once the caller's read permission on it is
   * checked (API.md 6.6); files shown as the project's logo, background or favicon are public. An
   * administrator may read every row: the row itself answers whether it exists.
   */
  async readOne(id: string, acc: Accountability): Promise<Readonly<FileEntity>> {
    if (!acc.admin && !(await this.isProjectImage(id))) await this.engine(acc).readOne(id);
    return this.cachedRow(id);
  }

  private async isProjectImage(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const settings = await this.settings.read();
    const key = id.toLowerCase();
    return [
      settings.project_logo,
      settings.public_background,
      settings.public_foreground,
      settings.public_favicon,
    ].some((v) => v === key);
  }

  /** JSON `POST /files`: a record without content; `type` and `storage` are required. */
  async createOne(values: FileValues, acc: Accountability): Promise<string> {
    const [id] = await this.createMany([values], acc);
    return id;
  }

  /** Records without content, all or none: every one is checked before the rows are written in one transaction. */
  async createMany(list: FileValues[], acc: Accountability): Promise<string[]> {
    const rows: Item[] = [];
    for (const values of list) {
      if (!values.type) throw new InvalidPayloadError('"type" is required');
      const id = values.id ?? randomUUID();
      await this.assertNewId(id);
      // No default location here, as the reference: a record without content names its storage, and
      // one without it fails the engine's required-field check (FAILED_VALIDATION on "storage").
      if (values.storage !== undefined) {
        this.storage.location(values.storage);
        if (values.filename_disk) await assertOwnVariants(this.engine(null), values.storage, values.filename_disk, id);
      }
      rows.push({
        ...values,
        id,
        filename_download:
          values.filename_download ??
          (values.title ? cleanDownloadName(values.title) : `${id}${extensionForType(values.type)}`),
        title: values.title ?? (values.filename_download ? formatTitle(values.filename_download) : null),
        folder: values.folder === undefined ? await this.defaultFolder() : values.folder,
      });
    }
    await this.engine(acc).createMany(rows);
    return rows.map((row) => row.id as string);
  }

  /**
   * Stores new content (multipart part or import) and then its row. The row is written after the
   * bytes; when anything fails, the bytes are removed, so there is never a row without content or
   * content without a row.
   */
  async upload(content: IncomingContent, values: FileValues, acc: Accountability): Promise<string> {
    await this.assertAllowed(acc, 'create');
    const type = values.type ?? bareType(content.type) ?? 'application/octet-stream';
    this.assertTypeAllowed(type);
    const id = values.id ?? randomUUID();
    const filenameDownload =
      values.filename_download ?? (cleanDownloadName(content.filename) || `${id}${extensionForType(type)}`);
    const storage = values.storage ?? this.storage.defaultLocation;
    const driver = this.storage.location(storage);
    const disk = values.filename_disk ?? `${id}${extensionOf(filenameDownload) || extensionForType(type)}`;
    await this.assertNewId(id);
    if (values.filename_disk && (await driver.exists(disk))) {
      throw new ForbiddenError(`An object named "${disk}" already exists in storage "${storage}".`);
    }
    if (values.filename_disk) await assertOwnVariants(this.engine(null), storage, disk, id);

    // The bytes wait under a temporary key until the row is committed: a process killed meanwhile leaves
    // no object a row does not know, and the start-up sweep (UploadSweeper) finishes or removes it.
    const temp = uploadTempKey(id);
    if (!isSafeKey(disk)) throw new InvalidPayloadError('"filename_disk" must stay inside the storage location');
    const filesize = await this.writeContent(storage, temp, content, type);
    try {
      const metadata = await this.extractMetadata(storage, temp, type, filesize);
      // API.md 6.3: extracted values only fill what the client left empty.
      const found = Object.fromEntries(
        Object.entries(metadata).filter(([field]) => values[field as keyof FileValues] === undefined),
      );
      await this.dataSource.transaction(async (manager) => {
        await this.engine(acc, manager).createOne({
          ...values,
          id,
          storage,
          filename_disk: disk,
          filename_download: filenameDownload,
          // API.md 6.3: the title comes from the file name; an IPTC headline never replaces it.
          title: values.title ?? formatTitle(filenameDownload),
          type,
          folder: values.folder === undefined ? await this.defaultFolder() : values.folder,
        });
        await manager.update(FileEntity, { id }, { ...found, filesize, uploaded_on: new Date() });
      });
    } catch (err) {
      await driver.delete(temp).catch(() => undefined);
      throw err;
    }
    await driver.move(temp, disk).catch(async (err: unknown) => {
      // Storage refused the last step: the row goes too, so no row is left without its bytes.
      await this.files.delete({ id }).catch(() => undefined);
      await driver.delete(temp).catch(() => undefined);
      throw new ServiceUnavailableError('storage', `Could not store the file: ${(err as Error).message}`);
    });
    return id;
  }

  /**
   * `PATCH /files/:id` with new content (API.md 6.4): the new bytes go to a temporary key first; once
   * the row is updated, the old original and every stored transformation are deleted and the new
   * bytes moved into place. Title, description and metadata are kept; size and dimensions recomputed.
   */
  async replace(id: string, content: IncomingContent, values: FileValues, acc: Accountability): Promise<string> {
    const row = await this.row(id);
    const type = values.type ?? bareType(content.type) ?? servedMediaType(row.type);
    this.assertTypeAllowed(type);
    const storage = values.storage ?? row.storage;
    const driver = this.storage.location(storage);
    const filenameDownload = values.filename_download ?? (cleanDownloadName(content.filename) || row.filename_download);
    const extension = extensionOf(filenameDownload) || extensionForType(type);
    const disk =
      values.filename_disk ??
      (!row.filename_disk || row.filename_disk.startsWith(row.id) ? `${row.id}${extension}` : row.filename_disk);
    if (values.filename_disk) await assertOwnVariants(this.engine(null), storage, disk, row.id);
    const temp = replaceTempKey(randomUUID(), extension);

    const filesize = await this.writeContent(storage, temp, content, type);
    try {
      const { width, height, duration } = await this.extractMetadata(storage, temp, type, filesize);
      await this.dataSource.transaction(async (manager) => {
        await this.engine(acc, manager).updateOne(row.id, {
          ...values,
          storage,
          filename_disk: disk,
          filename_download: filenameDownload,
          type,
        });
        await manager.update(
          FileEntity,
          { id: row.id },
          {
            filesize,
            width: width ?? null,
            height: height ?? null,
            duration: duration ?? null,
            uploaded_on: new Date(),
          },
        );
      });
    } catch (err) {
      await driver.delete(temp).catch(() => undefined);
      throw err;
    }
    await this.deleteStoredObjects(row);
    await driver.move(temp, disk);
    return row.id;
  }

  /** JSON update of one file's fields; a new `filename_disk` moves the bytes and drops stored variants. */
  async updateOne(id: string, values: FileValues, acc: Accountability): Promise<string> {
    const row = await this.row(id);
    this.assertValues(values);
    const movesBytes =
      values.filename_disk !== undefined && values.filename_disk !== row.filename_disk && row.filename_disk;
    if (values.filename_disk && values.filename_disk !== row.filename_disk) {
      await assertOwnVariants(this.engine(null), values.storage ?? row.storage, values.filename_disk, row.id);
    }
    if (movesBytes && values.filename_disk) {
      const driver = this.storage.location(row.storage);
      if (await driver.exists(values.filename_disk)) {
        throw new ForbiddenError(
          `An object named "${values.filename_disk}" already exists in storage "${row.storage}".`,
        );
      }
    }
    await this.engine(acc).updateOne(row.id, { ...values });
    if (movesBytes && values.filename_disk) {
      const driver = this.storage.location(row.storage);
      await this.deleteVariants(row);
      if (await driver.exists(row.filename_disk!)) await driver.move(row.filename_disk!, values.filename_disk);
    }
    return row.id;
  }

  /** API.md 6.4: `filename_disk` cannot be set on several files at once. */
  async updateMany(keys: string[], values: FileValues, acc: Accountability): Promise<string[]> {
    if (values.filename_disk !== undefined) {
      if (keys.length > 1) throw new InvalidPayloadError('"filename_disk" cannot be changed for more than one file');
      if (keys.length === 1) return [await this.updateOne(keys[0], values, acc)];
    }
    this.assertValues(values);
    return (await this.engine(acc).updateMany(keys, { ...values })).map(String);
  }

  /** The batch forms of API.md 1.7 with the rules above, for ItemsHttp. */
  writer(acc: Accountability): ItemsWriter {
    return filesWriter(this, acc);
  }

  /** Rows first (all or none, with the caller's delete permission), then their bytes and stored transformations. */
  async deleteMany(keys: string[], acc: Accountability): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await inChunks([...new Set(keys.filter(isUuid).map((key) => key.toLowerCase()))], (ids) =>
      this.files.findBy({ id: In(ids) }),
    );
    await this.engine(acc).deleteMany(keys);
    for (const row of rows) await this.deleteStoredObjects(row);
    return rows.map((row) => row.id);
  }

  /** Deletes the stored transformations of a file, keeping the original. */
  async deleteVariants(row: Pick<FileEntity, 'storage' | 'filename_disk'>): Promise<number> {
    if (!row.filename_disk) return 0;
    const driver = this.storage.location(row.storage);
    const variants = await driver.list(variantPrefix(row.filename_disk));
    for (const key of variants) await driver.delete(key);
    return variants.length;
  }

  private async deleteStoredObjects(row: FileEntity): Promise<void> {
    if (!row.filename_disk) return;
    await this.deleteVariants(row);
    await this.storage.location(row.storage).delete(row.filename_disk);
  }

  private async assertNewId(id: string): Promise<void> {
    if (await this.files.existsBy({ id }))
      throw new RecordNotUniqueError({ collection: 'svc_files', field: 'id', value: id });
  }

  private assertValues(values: FileValues): void {
    if (values.type) this.assertTypeAllowed(values.type);
    if (values.storage) this.storage.location(values.storage);
  }

  private assertTypeAllowed(type: string): void {
    if (!mimeTypeAllowed(type, this.config.files.mimeTypeAllowList)) {
      throw new InvalidPayloadError('File is of invalid content type');
    }
  }

  private async defaultFolder(): Promise<string | null> {
    return (await this.settings.read()).storage_default_folder ?? null;
  }

  /** Streams content into storage under FILES_MAX_UPLOAD_SIZE (lib/write-content.ts) and returns its size. */
  private async writeContent(storage: string, key: string, content: IncomingContent, type: string): Promise<number> {
    const size = await writeContent(
      this.storage.location(storage),
      key,
      content.stream,
      type,
      this.config.files.maxUploadSize,
    );
    this.metrics.uploaded(size);
    return size;
  }

  private extractMetadata(storage: string, key: string, type: string, size: number) {
    return extractMetadata(this.storage.location(storage), key, type, size, this.config.files.metadataAllowList);
  }
}
