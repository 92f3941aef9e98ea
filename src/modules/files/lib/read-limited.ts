import type { Readable } from 'node:stream';

/**
 * Reads a stream into memory up to `max` bytes and stops there (the source is destroyed), so a
 * huge object can never be pulled whole into memory.
 */
export async function readLimited(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(buffer);
    length += buffer.length;
    if (length >= max) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, max);
}
