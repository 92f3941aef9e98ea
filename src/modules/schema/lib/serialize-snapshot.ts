import { lazyModule } from '../../../common/lazy-module';

const yaml = lazyModule(() => require('yaml') as typeof import('yaml'));
import type { ExportFormat } from '../../../common/query/query.types';
import { serializeRows } from '../../../common/export/export-formats';
import type { Snapshot } from './snapshot.types';

/**
 * A snapshot as a file (API.md 4.1 `?export=`). JSON and YAML keep the object as it is, as the reference
 * platform does, so the file can be posted back to /schema/diff or given to `vellum schema apply`; CSV and
 * XML describe rows, so the snapshot is written as one, as the generic `?export=` does with an object.
 */
export async function serializeSnapshot(snapshot: Snapshot, format: ExportFormat): Promise<string> {
  if (format === 'json') return JSON.stringify(snapshot, null, '\t');
  if (format === 'yaml') return yaml().stringify(snapshot);
  let text = '';
  for await (const chunk of serializeRows(format, [snapshot as unknown as Record<string, unknown>])) text += chunk;
  return text;
}
