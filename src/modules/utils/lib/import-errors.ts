import { AppError, AppErrorList } from '../../../common/errors/app-error';

/** API.md 2.2 `extensions.rows`: runs of consecutive lines as ranges, the others listed. */
export type RowsRef = { type: 'range'; start: number; end: number } | { type: 'lines'; rows: number[] };

/** Line numbers (any order, repeats allowed) as ranges of two or more consecutive lines plus one list of the rest. */
export function rowsRefs(lines: number[]): RowsRef[] {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const refs: RowsRef[] = [];
  const single: number[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1] + 1) continue;
    if (i - start >= 2) refs.push({ type: 'range', start: sorted[start], end: sorted[i - 1] });
    else single.push(sorted[start]);
    start = i;
  }
  if (single.length) refs.push({ type: 'lines', rows: single });
  return refs;
}

function groupKey(error: AppError): string {
  const extensions = (error.extensions ?? {}) as { field?: unknown; type?: unknown };
  // Without a field, errors are told apart by their message ("Field "x" expects an integer").
  return JSON.stringify([error.code, extensions.field ?? error.message, extensions.type ?? null]);
}

/**
 * Row errors of an import, grouped by code and field (API.md 2.2), each group answered once with the
 * lines it happened on. Counts the rows that failed, so the import can stop at MAX_IMPORT_ERRORS.
 */
export class ImportErrors {
  private readonly groups = new Map<string, { error: AppError; lines: number[] }>();
  private failedRows = 0;

  constructor(private readonly max: number) {}

  get count(): number {
    return this.failedRows;
  }

  get full(): boolean {
    return this.failedRows >= this.max;
  }

  add(line: number, errors: AppError[]): void {
    this.failedRows++;
    for (const error of errors) {
      const key = groupKey(error);
      const group = this.groups.get(key);
      if (group) group.lines.push(line);
      else this.groups.set(key, { error, lines: [line] });
    }
  }

  /** The grouped errors as one list, or null when no row failed. */
  toError(): AppErrorList | null {
    if (!this.groups.size) return null;
    return new AppErrorList(
      [...this.groups.values()].map(({ error, lines }) =>
        // Keeps the error's class, code and status; only the extensions gain the rows.
        Object.assign(Object.create(Object.getPrototypeOf(error) as object) as AppError, error, {
          message: error.message,
          extensions: { ...(error.extensions ?? {}), rows: rowsRefs(lines) },
        }),
      ),
    );
  }
}
