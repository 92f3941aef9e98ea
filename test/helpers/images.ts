import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/** A real JPEG/PNG/WebP made by sharp: a horizontal gradient, so resized outputs differ visibly. */
export async function makeImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  options: { exif?: Record<string, Record<string, string>>; orientation?: number } = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((x / width) * 255);
      raw[i + 1] = Math.round((y / height) * 255);
      raw[i + 2] = 128;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.exif) image = image.withExif(options.exif);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims `width`×`height` pixels: a decompression bomb for any decoder. */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inserts an APP13 (Photoshop IRB) segment holding IPTC data right after a JPEG's SOI marker. */
export function withIptc(jpeg: Buffer, iptc: Buffer): Buffer {
  const resource = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0, 0]), Buffer.alloc(4), iptc]);
  resource.writeUInt32BE(iptc.length, 8);
  const padded = iptc.length % 2 ? Buffer.concat([resource, Buffer.alloc(1)]) : resource;
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\u0000', 'latin1'), padded]);
  const marker = Buffer.from([0xff, 0xed, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2)]);
}

/** A silent 8-bit mono PCM WAV file: `dataBytes` of samples at `byteRate` bytes per second. */
export function waveFile(byteRate: number, dataBytes: number): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(byteRate, 4);
  fmt.writeUInt32LE(byteRate, 8);
  fmt.writeUInt16LE(1, 12);
  fmt.writeUInt16LE(8, 14);
  const chunk = (id: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data]);
  };
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), chunk('data', Buffer.alloc(dataBytes, 128))]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** IPTC-IIM bytes for the given datasets (25 keywords, 105 headline, 120 caption). */
export function encodeIptc(datasets: [number, string][]): Buffer {
  return Buffer.concat(
    datasets.map(([dataset, text]) => {
      const value = Buffer.from(text, 'utf8');
      const head = Buffer.from([0x1c, 0x02, dataset, 0, 0]);
      head.writeUInt16BE(value.length, 3);
      return Buffer.concat([head, value]);
    }),
  );
}
