import exifReader from 'exif-reader';
import type { Metadata } from 'sharp';
import { filterMetadata } from './filter-metadata';
import { parseIptc } from './parse-iptc';
import { loadSharp } from './load-sharp';

/** Types sharp reads metadata from (API.md 6.3). */
export const METADATA_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
]);

export interface ImageMetadata {
  width?: number;
  height?: number;
  description?: string;
  tags?: string[];
  metadata?: Record<string, Record<string, unknown>>;
}

/**
 * Dimensions (swapped for EXIF orientations 5-8, which turn the image by 90°), IPTC caption and
 * keywords (the headline stays in `metadata.iptc`: titles come from file names, API.md 6.3), and
 * the sections kept by the allow list. Reads headers only: no pixel is decoded, so a decompression
 * bomb costs nothing here. Unreadable images give `{}`.
 */
export async function readImageMetadata(input: Buffer, allowList: readonly string[]): Promise<ImageMetadata> {
  let info: Metadata;
  try {
    info = await loadSharp()(input, { limitInputPixels: false }).metadata();
  } catch {
    return {};
  }
  const result: ImageMetadata = {};
  if (info.width && info.height) {
    const turned = (info.orientation ?? 1) >= 5;
    result.width = turned ? info.height : info.width;
    result.height = turned ? info.width : info.height;
  }
  const sections: Record<string, Record<string, unknown> | undefined> = {};
  if (info.exif) {
    try {
      const exif = exifReader(info.exif);
      Object.assign(sections, {
        ifd0: exif.Image,
        ifd1: exif.Thumbnail,
        exif: exif.Photo,
        gps: exif.GPSInfo,
        interop: exif.Iop,
      });
    } catch {
      // Broken EXIF blocks are common in the wild; the image itself is still fine.
    }
  }
  if (info.iptc) {
    const iptc = parseIptc(info.iptc);
    if (iptc.keywords) result.tags = iptc.keywords;
    if (iptc.caption) result.description = iptc.caption;
    sections.iptc = { ...iptc };
  }
  const metadata = filterMetadata(sections, allowList);
  if (Object.keys(metadata).length > 0) result.metadata = metadata;
  return result;
}
