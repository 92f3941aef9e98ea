export interface IptcData {
  keywords?: string[];
  caption?: string;
  headline?: string;
}

/** IIM datasets of the application record (record 2) that Vellum reads. */
const KEYWORDS = 25;
const HEADLINE = 105;
const CAPTION = 120;

/**
 * Reads keywords, headline and caption from IPTC-IIM data, either bare or wrapped in a Photoshop
 * APP13 block (`Photoshop 3.0` / `8BIM` resources), by walking the `0x1C <record> <dataset> <len>`
 * tag markers. Malformed data ends the walk instead of throwing: metadata never blocks an upload.
 */
export function parseIptc(buffer: Buffer): IptcData {
  const result: IptcData = {};
  let offset = buffer.indexOf(Buffer.from([0x1c, 0x02]));
  while (offset !== -1 && offset + 5 <= buffer.length && buffer[offset] === 0x1c) {
    const record = buffer[offset + 1];
    const dataset = buffer[offset + 2];
    const length = buffer.readUInt16BE(offset + 3);
    // Extended (length > 32767) datasets carry no text fields we read.
    if (length & 0x8000) break;
    const start = offset + 5;
    const end = start + length;
    if (end > buffer.length) break;
    if (record === 2) {
      const value = buffer.toString('utf8', start, end).replace(/\0+$/, '').trim();
      if (dataset === KEYWORDS && value !== '') (result.keywords ??= []).push(value);
      if (dataset === HEADLINE) result.headline = value;
      if (dataset === CAPTION) result.caption = value;
    }
    offset = end;
  }
  return result;
}
