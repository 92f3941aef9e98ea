/** Media types whose container tells the duration without decoding (ISO-BMFF and RIFF/WAVE). */
export const DURATION_TYPES = new Set([
  'video/mp4',
  'video/quicktime',
  'video/x-m4v',
  'audio/mp4',
  'audio/m4a',
  'audio/x-m4a',
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
]);

function boxes(buffer: Buffer, start: number, end: number): { type: string; body: number; end: number }[] {
  const found: { type: string; body: number; end: number }[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      if (offset + 16 > end) break;
      size = Number(buffer.readBigUInt64BE(offset + 8));
      body = offset + 16;
    } else if (size === 0) size = end - offset;
    if (size < body - offset) break;
    found.push({ type, body, end: Math.min(end, offset + size) });
    offset += size;
  }
  return found;
}

/** `moov/mvhd` of an MP4/MOV file: duration divided by the time scale. */
function isoBmffSeconds(buffer: Buffer): number | null {
  const moov = boxes(buffer, 0, buffer.length).find((box) => box.type === 'moov');
  const mvhd = moov && boxes(buffer, moov.body, moov.end).find((box) => box.type === 'mvhd');
  if (!mvhd) return null;
  const version = buffer[mvhd.body];
  const need = version === 1 ? 32 : 20;
  if (mvhd.body + need > mvhd.end) return null;
  const timescale = buffer.readUInt32BE(mvhd.body + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(buffer.readBigUInt64BE(mvhd.body + 24)) : buffer.readUInt32BE(mvhd.body + 16);
  return timescale > 0 ? duration / timescale : null;
}

/** RIFF/WAVE: size of the `data` chunk divided by the byte rate of the `fmt ` chunk. */
function waveSeconds(buffer: Buffer): number | null {
  if (buffer.length < 12 || buffer.toString('latin1', 0, 4) !== 'RIFF' || buffer.toString('latin1', 8, 12) !== 'WAVE')
    return null;
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('latin1', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 20 <= buffer.length) byteRate = buffer.readUInt32LE(offset + 16);
    if (id === 'data') return byteRate > 0 ? size / byteRate : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

/**
 * Duration in whole seconds (rounded) read from the container headers of MP4/MOV/M4A and WAV
 * files; null when the headers are not within `buffer` or the container is not one of these.
 */
export function mediaDuration(buffer: Buffer): number | null {
  const seconds = waveSeconds(buffer) ?? isoBmffSeconds(buffer);
  return seconds === null || !Number.isFinite(seconds) ? null : Math.round(seconds);
}
