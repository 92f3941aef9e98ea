/** Files larger than this are not read twice just to size the progress bar. */
const MAX_COUNTED_BYTES = 20 * 1024 * 1024;

/**
 * The records of a CSV text (header excluded): line breaks outside quotes, empty lines skipped, as the
 * API's reader counts them; the job only says how many rows are done, this gives the progress its end.
 */
export function csvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '\n' || c === '\r')) {
      if (content) records++;
      content = false;
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else content = true;
  }
  if (content) records++;
  return Math.max(records - 1, 0);
}

/** The rows an import file holds, or null when that cannot be told cheaply (too large, not parseable). */
export async function countRows(file: File, format: 'csv' | 'json'): Promise<number | null> {
  if (file.size > MAX_COUNTED_BYTES) return null;
  const text = await file.text();
  if (format === 'csv') return csvRecords(text);
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.length : null;
  } catch {
    return null;
  }
}

/** The media type the API picks its reader by: the browser's, else the one the file name suggests. */
export function importFormat(file: File): 'csv' | 'json' | null {
  if (file.type === 'application/json' || /\.json$/i.test(file.name)) return 'json';
  if (file.type === 'text/csv' || file.type === 'application/vnd.ms-excel' || /\.csv$/i.test(file.name)) return 'csv';
  return null;
}
