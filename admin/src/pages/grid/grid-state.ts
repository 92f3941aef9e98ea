import { buildFilter, Condition, parseFilter } from '../../filters';
import type { Preset } from '../../shell/presets';

/** Which rows an archive-aware table shows: every row, those not archived, or only the archived ones. */
export type ArchiveMode = 'all' | 'active' | 'archived';

/** What a table shows, paging aside: the columns in order, their widths, the sort, the search and the conditions. */
export interface GridState {
  columns: string[];
  widths: Record<string, number>;
  sort?: string;
  search: string;
  conditions: Condition[];
  archive: ArchiveMode;
}

const MODES: readonly ArchiveMode[] = ['all', 'active', 'archived'];
const MIN_WIDTH = 60;
const MAX_WIDTH = 1200;

function strings(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

/** Widths of known columns only, clamped: a stored preset is client data and may name anything. */
function widthsOf(value: unknown, known: Set<string>): Record<string, number> {
  const widths = Object.create(null) as Record<string, number>;
  if (!value || typeof value !== 'object') return widths;
  for (const [field, width] of Object.entries(value)) {
    if (known.has(field) && typeof width === 'number' && Number.isFinite(width))
      widths[field] = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)));
  }
  return widths;
}

/** The sort of a preset when it names a known field (`field` or `-field`). */
function sortOf(value: unknown, known: Set<string>): string | undefined {
  const first = strings(value)?.[0];
  return first && known.has(first.replace(/^-/, '')) ? first : undefined;
}

/**
 * The table state a preset describes over the collection's readable fields: unknown fields are dropped, a
 * filter the builder cannot show is left out, and what the preset does not say comes from `base`.
 */
export function stateOf(preset: Preset | undefined, fields: string[], base: GridState): GridState {
  if (!preset) return base;
  const known = new Set(fields);
  const tabular = preset.layout_query?.tabular ?? {};
  const columns = strings(tabular.fields)?.filter((f) => known.has(f));
  const conditions = preset.filter ? parseFilter(preset.filter) : null;
  const archive = MODES.find((m) => m === tabular.archive);
  return {
    columns: columns ?? base.columns,
    widths: widthsOf(preset.layout_options?.tabular?.widths, known),
    sort: sortOf(tabular.sort, known) ?? base.sort,
    search: typeof preset.search === 'string' ? preset.search : base.search,
    conditions: conditions?.filter((c) => known.has(c.field)) ?? base.conditions,
    archive: archive ?? base.archive,
  };
}

/**
 * What the collection's default preset keeps: the columns, their order and widths. The sort, archive mode,
 * search and filter are the table's of the moment (a collection opens afresh) unless saved as a bookmark.
 */
export function layoutOf(state: GridState): Pick<Preset, 'layout' | 'layout_query' | 'layout_options'> {
  return {
    layout: 'tabular',
    layout_query: { tabular: { fields: state.columns } },
    layout_options: { tabular: { widths: state.widths } },
  };
}

/** A bookmark's fields: the layout plus the sort, archive mode, search and filter, to be opened again as they were. */
export function bookmarkOf(
  state: GridState,
  typeOf: (field: string) => string,
): Pick<Preset, 'layout' | 'layout_query' | 'layout_options' | 'search' | 'filter'> {
  return {
    layout: 'tabular',
    layout_query: { tabular: { fields: state.columns, sort: state.sort ? [state.sort] : [], archive: state.archive } },
    layout_options: { tabular: { widths: state.widths } },
    search: state.search || null,
    filter: buildFilter(state.conditions, typeOf),
  };
}

/** The archive field's part of the filter: none for all rows; rows without a value count as active. */
export function archiveFilter(
  mode: ArchiveMode,
  field: string | null | undefined,
  value: unknown,
): Record<string, unknown> | null {
  if (!field || mode === 'all' || value === null || value === undefined) return null;
  if (mode === 'archived') return { [field]: { _eq: value } };
  return { _or: [{ [field]: { _neq: value } }, { [field]: { _null: true } }] };
}

/** Both parts of a filter when both are present, else the one there is. */
export function allOf(...parts: (Record<string, unknown> | null | undefined)[]): Record<string, unknown> | null {
  const present = parts.filter((p): p is Record<string, unknown> => Boolean(p));
  if (present.length === 0) return null;
  return present.length === 1 ? present[0] : { _and: present };
}

/** The columns with `field` moved to position `to` (0-based), the others keeping their order; unchanged when unknown. */
export function placed(columns: string[], field: string, to: number): string[] {
  if (!columns.includes(field) || to < 0 || to >= columns.length) return columns;
  const rest = columns.filter((c) => c !== field);
  return [...rest.slice(0, to), field, ...rest.slice(to)];
}

/** The number of pages for a total (at least one, so an empty table is "page 1 of 1"). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
