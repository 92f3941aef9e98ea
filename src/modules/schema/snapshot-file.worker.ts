import { parentPort, workerData } from 'node:worker_threads';
import { parseSnapshotText, SnapshotFormat } from './lib/parse-snapshot-text';

/**
 * Parses one uploaded snapshot file on a worker thread (read-schema-body.ts) and posts the result back:
 * reading a large YAML file takes seconds, which on the main thread would stall every other request.
 */
const { text, format } = workerData as { text: string; format: SnapshotFormat };
parentPort!.postMessage(parseSnapshotText(text, format));
