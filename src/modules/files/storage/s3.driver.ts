import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertSafeKey, ByteRange, nullIfMissing, StorageDriver, StorageStat } from './storage-driver';

export interface S3DriverOptions {
  bucket: string;
  endpoint?: string;
  region?: string;
  key?: string;
  secret?: string;
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket, so several locations can share one. */
  root?: string;
}

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata?.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  }
  return false;
}

/** Any S3-compatible object store (`STORAGE_<NAME>_DRIVER=s3`). */
export class S3Driver implements StorageDriver {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly root: string;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    this.root = options.root ? options.root.replace(/^\/+|\/+$/g, '') + '/' : '';
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.key && options.secret ? { accessKeyId: options.key, secretAccessKey: options.secret } : undefined,
      // Streamed bodies would otherwise be sent with aws-chunked framing, which many S3-compatible
      // servers store verbatim (CONVENTIONS 13).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(path: string): string {
    assertSafeKey(path);
    return this.root + path;
  }

  async put(path: string, stream: Readable, contentType?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(path), Body: stream, ContentType: contentType },
      // One 5 MB part (S3's minimum) in memory at a time: an upload of any size costs a few MB.
      partSize: 5 * 1024 * 1024,
      queueSize: 1,
    });
    // A failing source must abort the multipart upload, not leave it waiting for more parts.
    const onError = () => void upload.abort().catch(() => undefined);
    stream.once('error', onError);
    try {
      await upload.done();
    } catch (err) {
      await this.delete(path).catch(() => undefined);
      throw stream.errored ?? err;
    } finally {
      stream.off('error', onError);
    }
  }

  async getStream(path: string, range?: ByteRange): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(path),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return result.Body as Readable;
  }

  async stat(path: string): Promise<StorageStat | null> {
    const head = await nullIfMissing(
      () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(path) })),
      isNotFound,
    );
    return head && { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
  }

  async exists(path: string): Promise<boolean> {
    return (await this.stat(path)) !== null;
  }

  async delete(path: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(path) }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.root + prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(this.root.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.objectKey(from);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(to),
        CopySource: `${this.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
