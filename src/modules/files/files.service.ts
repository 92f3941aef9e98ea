import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Accountability } from '../../common/accountability';
import { AppError } from '../../common/errors/app-error';
import { isUuid } from '../../common/is-uuid';
import { ForbiddenError, InvalidPayloadError, RecordNotUniqueError, ServiceUnavailableError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SettingsService } from '../settings/settings.service';
import { FileEntity } from './entities/file.entity';
import { byteLimit } from './lib/byte-limit';
import { FileValues, parseFileValues } from './lib/file-values';
import { formatTitle } from './lib/format-title';
import { ImageMetadata, METADATA_TYPES, readImageMetadata } from './lib/image-metadata';
import { DURATION_TYPES, mediaDuration } from './lib/media-duration';
import { bareType, extensionForType, extensionOf, mimeTypeAllowed } from './lib/mime';
import { readLimited } from './lib/read-limited';
import { variantPrefix } from './transform/transform-key';
import { StorageService } from './storage/storage.service';
import { UnsafeStorageKeyError } from './storage/storage-driver';

/** TypeORM cannot type JSON columns holding `unknown`; the values were checked by parseFileValues. */
type FileRow = QueryDeepPartialEntity<FileEntity>;

/** Images above this size get their metadata from the first bytes only (headers), never the whole object in memory. */
const FULL_METADATA_READ_LIMIT = 64 * 1024 * 1024;
const HEADER_READ_LIMIT = 1024 * 1024;

export interface IncomingContent {
  stream: Readable;
  /** Name the client gave the content (multipart file name, last URL segment). */
  filename: string;
  /** Media type the client or remote server declared. */
  type: string | null;
}

/**
 * The rules of `svc_files` (API.md 6): defaults, storage of the bytes, metadata and clean-up. Write
 * methods take row values and return primary keys, so the items engine can call them; reads check the
 * caller. Row- and field-level permissions come with the engine; until then admins and signed-in
 * users may write, and reading needs a signed-in user or a public read permission on `svc_files`.
 */
@Injectable()
export class FilesService {
  constructor(
    @InjectRepository(FileEntity) private readonly files: Repository<FileEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
    private readonly settings: SettingsService,
  ) {}

  assertCanWrite(acc: Accountability): void {
    if (!acc.admin && !acc.user) throw new ForbiddenError();
  }

  async assertCanRead(acc: Accountability): Promise<void> {
    if (acc.admin || acc.user) return;
    const granted = await this.dataSource
      .createQueryBuilder()
      .select('1', 'granted')
      .from('svc_permissions', 'p')
      .where('p.role IS NULL AND p.collection = :collection AND p.action = :action', { collection: 'svc_files', action: 'read' })
      .getRawOne();
    if (!granted) throw new ForbiddenError();
  }

  /** A missing row and an invalid id both answer FORBIDDEN, so existence does not leak (API.md 1.5). */
  async readOne(id: string, acc: Accountability): Promise<FileEntity> {
    await this.assertCanRead(acc);
    if (!isUuid(id)) throw new ForbiddenError();
    const row = await this.files.findOneBy({ id: id.toLowerCase() });
    if (!row) throw new ForbiddenError();
    return row;
  }

  async readMany(ids: string[], acc: Accountability): Promise<FileEntity[]> {
    await this.assertCanRead(acc);
    const valid = ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase());
    const rows = valid.length > 0 ? await this.files.findBy({ id: In(valid) }) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return valid.flatMap((id) => byId.get(id) ?? []);
  }

  /** JSON `POST /files`: a record without content; `type` is required. */
  async createOne(values: FileValues, acc: Accountability): Promise<string> {
    this.assertCanWrite(acc);
    if (!values.type) throw new InvalidPayloadError('"type" is required');
    const id = values.id ?? randomUUID();
    await this.assertNewId(id);
    const storage = values.storage ?? this.storage.defaultLocation;
    this.storage.location(storage);
    const now = new Date();
    await this.files.insert({
      ...values,
      id,
      storage,
      filename_download: values.filename_download ?? (values.title ? values.title : `${id}${extensionForType(values.type)}`),
      title: values.title ?? (values.filename_download ? formatTitle(values.filename_download) : null),
      folder: values.folder === undefined ? await this.defaultFolder() : values.folder,
      uploaded_by: acc.user,
      created_on: now,
      modified_on: now,
    } as FileRow);
    return id;
  }

  /**
   * Stores new content (multipart part or import) and then its row. The row is written after the
   * bytes; when anything fails, the bytes are removed, so there is never a row without content or
   * content without a row.
   */
  async upload(content: IncomingContent, values: FileValues, acc: Accountability): Promise<string> {
    this.assertCanWrite(acc);
    const type = values.type ?? bareType(content.type) ?? 'application/octet-stream';
    this.assertTypeAllowed(type);
    const id = values.id ?? randomUUID();
    const filenameDownload = values.filename_download ?? (content.filename || `${id}${extensionForType(type)}`);
    const storage = values.storage ?? this.storage.defaultLocation;
    const driver = this.storage.location(storage);
    const disk = values.filename_disk ?? `${id}${extensionOf(filenameDownload) || extensionForType(type)}`;
    await this.assertNewId(id);
    if (values.filename_disk && (await driver.exists(disk))) {
      throw new ForbiddenError(`An object named "${disk}" already exists in storage "${storage}".`);
    }

    const filesize = await this.writeContent(storage, disk, content, type);
    try {
      const metadata = await this.extractMetadata(storage, disk, type, filesize);
      const now = new Date();
      await this.files.insert({
        ...metadata,
        ...values,
        id,
        storage,
        filename_disk: disk,
        filename_download: filenameDownload,
        // API.md 6.3: the title comes from the file name; an IPTC headline never replaces it.
        title: values.title ?? formatTitle(filenameDownload),
        type,
        folder: values.folder === undefined ? await this.defaultFolder() : values.folder,
        filesize,
        uploaded_by: acc.user,
        created_on: now,
        modified_on: now,
        uploaded_on: now,
      } as FileRow);
    } catch (err) {
      await driver.delete(disk).catch(() => undefined);
      throw err;
    }
    return id;
  }

  /**
   * `PATCH /files/:id` with new content (API.md 6.4): the new bytes go to a temporary key first; once
   * the row is updated, the old original and every stored transformation are deleted and the new
   * bytes moved into place. Title, description and metadata are kept; size and dimensions recomputed.
   */
  async replace(id: string, content: IncomingContent, values: FileValues, acc: Accountability): Promise<string> {
    this.assertCanWrite(acc);
    const row = await this.readOne(id, acc);
    const type = values.type ?? bareType(content.type) ?? row.type ?? 'application/octet-stream';
    this.assertTypeAllowed(type);
    const storage = values.storage ?? row.storage;
    const driver = this.storage.location(storage);
    const filenameDownload = values.filename_download ?? (content.filename || row.filename_download);
    const extension = extensionOf(filenameDownload) || extensionForType(type);
    const disk =
      values.filename_disk ??
      (!row.filename_disk || row.filename_disk.startsWith(row.id) ? `${row.id}${extension}` : row.filename_disk);
    const temp = `temp_${randomUUID()}${extension}`;

    const filesize = await this.writeContent(storage, temp, content, type);
    try {
      const { width, height, duration } = await this.extractMetadata(storage, temp, type, filesize);
      await this.files.update(
        { id: row.id },
        {
          ...values,
          storage,
          filename_disk: disk,
          filename_download: filenameDownload,
          type,
          filesize,
          width: width ?? null,
          height: height ?? null,
          duration: duration ?? null,
          modified_by: acc.user,
          modified_on: new Date(),
          uploaded_on: new Date(),
        } as FileRow,
      );
    } catch (err) {
      await driver.delete(temp).catch(() => undefined);
      throw err;
    }
    await this.deleteStoredObjects(row);
    await driver.move(temp, disk);
    return row.id;
  }

  /** Multipart `PATCH /files/:id`: exactly one file part, with the text fields before it. */
  async replaceFromParts(
    id: string,
    readParts: (onFile: (fields: Record<string, unknown>, part: IncomingContent) => Promise<string>) => Promise<{ results: string[]; error?: unknown }>,
    acc: Accountability,
  ): Promise<string[]> {
    this.assertCanWrite(acc);
    await this.readOne(id, acc);
    let used = false;
    const { results, error } = await readParts(async (fields, part) => {
      if (used) throw new InvalidPayloadError('Only one file can replace a file');
      used = true;
      return this.replace(id, part, parseFileValues(fields, { allowId: false }), acc);
    });
    if (error) throw error;
    return results;
  }

  /** JSON update of one file's fields; a new `filename_disk` moves the bytes and drops stored variants. */
  async updateOne(id: string, values: FileValues, acc: Accountability): Promise<string> {
    this.assertCanWrite(acc);
    const row = await this.readOne(id, acc);
    if (values.type) this.assertTypeAllowed(values.type);
    if (values.storage) this.storage.location(values.storage);
    const movesBytes = values.filename_disk !== undefined && values.filename_disk !== row.filename_disk && row.filename_disk;
    if (movesBytes && values.filename_disk) {
      const driver = this.storage.location(row.storage);
      if (await driver.exists(values.filename_disk)) {
        throw new ForbiddenError(`An object named "${values.filename_disk}" already exists in storage "${row.storage}".`);
      }
    }
    await this.files.update({ id: row.id }, { ...values, modified_by: acc.user, modified_on: new Date() } as FileRow);
    if (movesBytes && values.filename_disk) {
      const driver = this.storage.location(row.storage);
      await this.deleteVariants(row);
      if (await driver.exists(row.filename_disk!)) await driver.move(row.filename_disk!, values.filename_disk);
    }
    return row.id;
  }

  /** API.md 6.4: `filename_disk` cannot be set on several files at once. */
  async updateMany(keys: string[], values: FileValues, acc: Accountability): Promise<string[]> {
    this.assertCanWrite(acc);
    if (keys.length > 1 && values.filename_disk !== undefined) {
      throw new InvalidPayloadError('"filename_disk" cannot be changed for more than one file');
    }
    await this.assertAllExist(keys, acc);
    const updated: string[] = [];
    for (const key of keys) updated.push(await this.updateOne(key, values, acc));
    return updated;
  }

  /** Rows first (all or none), then their bytes and stored transformations. */
  /**
   * A multipart `POST /files`: `readParts` streams the body and calls back for every file part. If any
   * part fails, the files already stored by this request are removed again: all or nothing.
   */
  async uploadParts(
    readParts: (onFile: (fields: Record<string, unknown>, part: IncomingContent) => Promise<string>) => Promise<{ results: string[]; error?: unknown }>,
    acc: Accountability,
  ): Promise<string[]> {
    this.assertCanWrite(acc);
    const { results, error } = await readParts((fields, part) => this.upload(part, parseFileValues(fields, { allowId: true }), acc));
    if (error) {
      await this.deleteMany(results, { ...acc, admin: true }).catch(() => undefined);
      throw error;
    }
    return results;
  }

  async deleteMany(keys: string[], acc: Accountability): Promise<void> {
    this.assertCanWrite(acc);
    const rows = await this.assertAllExist(keys, acc);
    if (rows.length === 0) return;
    await this.files.delete({ id: In(rows.map((row) => row.id)) });
    for (const row of rows) await this.deleteStoredObjects(row);
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

  private async assertAllExist(keys: string[], acc: Accountability): Promise<FileEntity[]> {
    if (keys.length === 0) return [];
    const unique = [...new Set(keys.map((key) => String(key).toLowerCase()))];
    const rows = await this.readMany(unique, acc);
    if (rows.length !== unique.length) throw new ForbiddenError();
    return rows;
  }

  private async assertNewId(id: string): Promise<void> {
    if (await this.files.existsBy({ id })) throw new RecordNotUniqueError({ collection: 'svc_files', field: 'id', value: id });
  }

  private assertTypeAllowed(type: string): void {
    if (!mimeTypeAllowed(type, this.config.files.mimeTypeAllowList)) {
      throw new InvalidPayloadError('File is of invalid content type');
    }
  }

  private async defaultFolder(): Promise<string | null> {
    return (await this.settings.read()).storage_default_folder ?? null;
  }

  /**
   * Streams content into storage under FILES_MAX_UPLOAD_SIZE and returns its size. A failing source
   * (too large, truncated body) is the client's fault; a failing store is SERVICE_UNAVAILABLE.
   */
  private async writeContent(storage: string, key: string, content: IncomingContent, type: string): Promise<number> {
    const driver = this.storage.location(storage);
    const limiter = byteLimit(this.config.files.maxUploadSize);
    let sourceError: unknown = content.stream.errored ?? undefined;
    content.stream.once('error', (err) => (sourceError ??= err));
    // Both sides must settle before clean-up, or a late write could recreate the object after its deletion.
    const [source, sink] = await Promise.allSettled([pipeline(content.stream, limiter), driver.put(key, limiter, type)]);
    if (source.status === 'rejected' || sink.status === 'rejected') {
      await driver.delete(key).catch(() => undefined);
      const reasons = [source, sink].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      const tooLarge = reasons.find((r) => r instanceof AppError);
      if (tooLarge) throw tooLarge;
      if (sourceError) throw new InvalidPayloadError(`The file content could not be read: ${(sourceError as Error).message}`);
      if (sink.status === 'rejected' && sink.reason instanceof UnsafeStorageKeyError) {
        throw new InvalidPayloadError('"filename_disk" must stay inside the storage location');
      }
      throw new ServiceUnavailableError('storage', `Could not write the file: ${(reasons[0] as Error).message}`);
    }
    return (await driver.stat(key))?.size ?? limiter.bytes;
  }

  /** Image metadata (API.md 6.3), or the duration of audio and video whose container states it. */
  private async extractMetadata(storage: string, key: string, type: string, size: number): Promise<ImageMetadata & { duration?: number }> {
    const image = METADATA_TYPES.has(type);
    if (!image && !DURATION_TYPES.has(type)) return {};
    const stream = await this.storage.location(storage).getStream(key);
    const input = await readLimited(stream, size <= FULL_METADATA_READ_LIMIT ? size : HEADER_READ_LIMIT);
    if (image) return readImageMetadata(input, this.config.files.metadataAllowList);
    return { duration: mediaDuration(input) ?? undefined };
  }
}
