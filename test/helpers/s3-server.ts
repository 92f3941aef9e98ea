import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver ships no types; this is the part of its API the tests use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** `STORAGE_<NAME>_*` variables for a location named `name` on this server. */
  env(name: string): Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, port 0, storing in a temporary folder. */
export async function startS3Server(bucket = 'vellum-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'vellum-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (name) => {
      const prefix = `STORAGE_${name.toUpperCase()}_`;
      return {
        [`${prefix}DRIVER`]: 's3',
        [`${prefix}BUCKET`]: bucket,
        [`${prefix}ENDPOINT`]: endpoint,
        [`${prefix}REGION`]: 'us-east-1',
        [`${prefix}KEY`]: 'S3RVER',
        [`${prefix}SECRET`]: 'S3RVER',
        [`${prefix}FORCE_PATH_STYLE`]: 'true',
      };
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
