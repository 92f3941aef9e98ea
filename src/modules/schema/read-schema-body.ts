import type { Request } from 'express';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../common/errors/errors';
import { ParsedSnapshotText, parseSnapshotText, SnapshotFormat } from './lib/parse-snapshot-text';
import { uploadedSchemaFile } from './schema-upload.interceptor';

const WORKER_FILE = join(__dirname, `snapshot-file.worker${extname(__filename)}`);
/** Run from the TypeScript sources (tests), the worker compiles what it loads, as `npm run openapi` does. */
const WORKER_EXEC_ARGV = extname(__filename) === '.ts' ? ['--require', '@swc-node/register'] : [];
/** A file of MAX_PAYLOAD_SIZE (1 MB) needs a few tens of MB parsed; a larger setting is still bounded. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512 };

function parseOnWorker(text: string, format: SnapshotFormat): Promise<ParsedSnapshotText> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { text, format },
      execArgv: WORKER_EXEC_ARGV,
      resourceLimits: WORKER_LIMITS,
    });
    worker.once('message', resolve);
    worker.once('error', (err: Error & { code?: string }) =>
      reject(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new InvalidPayloadError('The uploaded file is too large to read')
          : err,
      ),
    );
    worker.once('exit', (code) => reject(new Error(`The snapshot file reader stopped (exit code ${code})`)));
  });
}

/**
 * A snapshot file as a value (API.md 4.2): JSON when its own type says so, YAML otherwise. YAML is read on
 * a worker thread, so a large file never holds up other requests; JSON.parse is fast enough where it is.
 */
export async function parseSchemaFile(text: string, mimeType: string): Promise<unknown> {
  const format: SnapshotFormat = mimeType === 'application/json' ? 'json' : 'yaml';
  const parsed = format === 'json' ? parseSnapshotText(text, format) : await parseOnWorker(text, format);
  if ('error' in parsed)
    throw new InvalidPayloadError(
      `The uploaded file is not valid ${format === 'json' ? 'JSON' : 'YAML'}: ${parsed.error}`,
    );
  return parsed.value;
}

/**
 * The body of /schema/diff and /schema/apply: JSON (already parsed by the JSON body parser) or a
 * multipart upload of one JSON or YAML file (received by SchemaUploadInterceptor); any other content
 * type is a 415.
 */
export async function readSchemaBody(req: Request): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // An empty JSON body is an empty snapshot (400), not an unknown media type.
  if (type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type)) return req.body ?? {};
  if (type !== 'multipart/form-data') throw new UnsupportedMediaTypeError(type || 'none', 'Content-Type header');
  const file = uploadedSchemaFile(req);
  if (!file) throw new InvalidPayloadError('The upload must contain one file');
  return parseSchemaFile(file.text, file.mimeType);
}
