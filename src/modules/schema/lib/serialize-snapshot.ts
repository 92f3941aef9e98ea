import { stringify as csvStringify } from 'csv-stringify/sync';
import { XMLBuilder } from 'fast-xml-parser';
import { stringify as yamlStringify } from 'yaml';
import type { ExportFormat } from '../../../common/query/query.types';
import type { Snapshot } from './snapshot.types';

export const SNAPSHOT_EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'csv', 'csv_utf8', 'xml', 'yaml'];

export function isSnapshotExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (SNAPSHOT_EXPORT_FORMATS as readonly string[]).includes(value);
}

/** Media types and extensions of API.md 2.1. */
const FORMAT_INFO: Record<ExportFormat, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  csv: { contentType: 'text/csv', extension: 'csv' },
  csv_utf8: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xml: { contentType: 'text/xml; charset=utf-8', extension: 'xml' },
  yaml: { contentType: 'text/yaml; charset=utf-8', extension: 'yaml' },
};

/**
 * A snapshot as a file (API.md 4.1 `?export=`). JSON and YAML keep the object as it is, so the file can
 * be posted back to /schema/diff; CSV (one row, nested members as JSON cells) and XML exist because the
 * generic export parameter offers them.
 */
export function serializeSnapshot(snapshot: Snapshot, format: ExportFormat): { body: string; contentType: string; extension: string } {
  const info = FORMAT_INFO[format];
  switch (format) {
    case 'json':
      return { ...info, body: JSON.stringify(snapshot, null, '\t') };
    case 'yaml':
      return { ...info, body: yamlStringify(snapshot) };
    case 'xml': {
      const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false, textNodeName: '\u0000text' });
      return { ...info, body: `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ data: snapshot }) as string}` };
    }
    case 'csv':
    case 'csv_utf8': {
      const keys = Object.keys(snapshot) as (keyof Snapshot)[];
      const row = keys.map((key) => (typeof snapshot[key] === 'object' ? JSON.stringify(snapshot[key]) : String(snapshot[key])));
      return { ...info, body: `${format === 'csv_utf8' ? '\uFEFF' : ''}${csvStringify([keys, row])}` };
    }
  }
}
