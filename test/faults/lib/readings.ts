/** The collection the import faults write: a label and a number per row. */
export const READINGS_FIELDS = [
  { field: 'label', type: 'string' },
  { field: 'amount', type: 'integer' },
];

/** A CSV of `rows` readings, for an import long enough to be interrupted on this machine. */
export function readingsCsv(rows: number): string {
  const lines = ['label,amount'];
  for (let i = 0; i < rows; i++) lines.push(`reading-${i},${i}`);
  return lines.join('\n');
}
