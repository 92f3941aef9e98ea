import type { RawData } from 'ws';

/** A frame's text. The server keeps ws's default binary type, so a frame arrives as one Buffer. */
export function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.isBuffer(data) ? data.toString() : Buffer.from(data).toString();
}
