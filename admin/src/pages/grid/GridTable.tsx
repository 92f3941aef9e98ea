import { ColumnDef, flexRender, Header, useReactTable, getCoreRowModel, Updater } from '@tanstack/react-table';
import { DragEvent, KeyboardEvent, ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { renderTemplate } from '../../display-template';
import { jsonText } from '../../format';
import { useFieldName } from '../../shell/studio-data';
import type { Field } from '../../fields';
import { toggled } from '../sets';

type Item = Record<string, unknown>;

/** A cell's text: a related item through its collection's template when it has one. */
function cell(value: unknown, template?: string): string {
  if (value === null || value === undefined) return '';
  if (template && typeof value === 'object') return renderTemplate(template, value);
  return jsonText(value);
}

export interface GridTableProps {
  collection: string;
  items: Item[];
  columns: Field[];
  widths: Record<string, number>;
  onWidths: (widths: Record<string, number>) => void;
  sort?: string;
  onSort: (sort: string) => void;
  templates: Map<string, string>;
  pk: string;
  selected: Set<string>;
  onSelect: (selected: Set<string>) => void;
  /** Moves an item to another's place, when the collection has a sort field and the table is in its order. */
  onMove?: (item: string, to: string) => void;
}

const KEY_STEP = 16;
const DRAG_TYPE = 'application/x-vellum-item';

/** The TanStack table over the items: a column per field, the first linking to the item, sized as the widths say. */
function useGrid({ collection, items, columns, widths, onWidths, templates, pk }: GridTableProps) {
  const name = useFieldName();
  const defs = useMemo<ColumnDef<Item>[]>(
    () =>
      columns.map((c, i) => ({
        id: c.field,
        header: () => name(c),
        cell: ({ row }) => {
          const id = String(row.original[pk]);
          const text = cell(row.original[c.field], templates.get(c.field));
          return i === 0 ? <Link to={`/content/${collection}/${encodeURIComponent(id)}`}>{text || id}</Link> : text;
        },
      })),
    [columns, name, templates, pk, collection],
  );
  return useReactTable({
    data: items,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (item) => String(item[pk]),
    columnResizeMode: 'onEnd',
    enableColumnResizing: true,
    state: { columnSizing: widths },
    onColumnSizingChange: (updater: Updater<Record<string, number>>) =>
      onWidths(typeof updater === 'function' ? updater(widths) : updater),
  });
}

/** The items as a data grid (TanStack Table): resizable columns, sort by header, selection, manual order. */
export function GridTable(props: GridTableProps) {
  const { t } = useTranslation('grid');
  const { widths, onWidths } = props;
  const table = useGrid(props);
  return (
    <table className="data-grid" style={{ width: table.getTotalSize() + 80 + (props.onMove ? 180 : 0) }}>
      <thead>
        <tr>
          <th scope="col" style={{ width: 80 }}>
            {t('select')}
          </th>
          {table.getHeaderGroups()[0].headers.map((h) => (
            <HeaderCell
              key={h.id}
              header={h}
              sort={props.sort}
              onSort={props.onSort}
              widths={widths}
              onWidths={onWidths}
            />
          ))}
          {props.onMove && (
            <th scope="col" style={{ width: 180 }}>
              {t('order')}
            </th>
          )}
        </tr>
      </thead>
      <Body
        {...props}
        rows={table.getRowModel().rows.map((r) => ({
          id: r.id,
          cells: r
            .getVisibleCells()
            .map((c) => ({ id: c.id, node: flexRender(c.column.columnDef.cell, c.getContext()) })),
        }))}
      />
    </table>
  );
}

interface HeaderCellProps {
  header: Header<Item, unknown>;
  sort?: string;
  onSort: (sort: string) => void;
  widths: Record<string, number>;
  onWidths: (widths: Record<string, number>) => void;
}

/** A column header: its sort button and a resize handle that a mouse drags or the arrow keys move. */
function HeaderCell({ header, sort, onSort, widths, onWidths }: HeaderCellProps) {
  const { t } = useTranslation('grid');
  const field = header.column.id;
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const resizing = header.column.getIsResizing();
  const delta = header.getContext().table.getState().columnSizingInfo.deltaOffset ?? 0;
  const size = header.getSize();
  function onKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    onWidths({ ...widths, [field]: Math.max(60, size + (e.key === 'ArrowLeft' ? -KEY_STEP : KEY_STEP)) });
  }
  return (
    <th
      scope="col"
      style={{ width: size }}
      aria-sort={sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none'}
    >
      <button type="button" className="secondary" onClick={() => onSort(sort === field ? `-${field}` : field)}>
        {label}
      </button>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('resize', { field })}
        aria-valuenow={size}
        aria-valuemin={60}
        aria-valuemax={1200}
        tabIndex={0}
        className={resizing ? 'resizer resizing' : 'resizer'}
        style={resizing ? { transform: `translateX(${delta}px)` } : undefined}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onKeyDown={onKey}
      />
    </th>
  );
}

type BodyProps = GridTableProps & { rows: { id: string; cells: { id: string; node: ReactNode }[] }[] };

function Body({ rows, columns, selected, onSelect, onMove }: BodyProps) {
  const { t } = useTranslation('grid');
  // The dragged row's key travels in the drag itself, so a drop needs no state of its own.
  const drag = (id: string) => (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, id);
    e.dataTransfer.effectAllowed = 'move';
  };
  const drop = (id: string) => (e: DragEvent) => {
    const from = e.dataTransfer.getData(DRAG_TYPE);
    e.preventDefault();
    if (from && from !== id) onMove?.(from, id);
  };
  return (
    <tbody>
      {rows.map((row, index) => (
        <tr
          key={row.id}
          draggable={Boolean(onMove)}
          onDragStart={onMove && drag(row.id)}
          onDragOver={(e) => onMove && e.preventDefault()}
          onDrop={onMove && drop(row.id)}
        >
          <td>
            <input
              type="checkbox"
              aria-label={t('selectItem', { id: row.id })}
              checked={selected.has(row.id)}
              onChange={() => onSelect(toggled(selected, row.id))}
            />
          </td>
          {row.cells.map((c) => (
            <td key={c.id}>{c.node}</td>
          ))}
          {onMove && (
            <OrderCell
              id={row.id}
              above={rows[index - 1]?.id}
              below={rows[index + 1]?.id}
              onMove={(to) => onMove(row.id, to)}
            />
          )}
        </tr>
      ))}
      {columns.length === 0 && (
        <tr>
          <td>{t('noColumns')}</td>
        </tr>
      )}
    </tbody>
  );
}

interface OrderProps {
  id: string;
  above: string | undefined;
  below: string | undefined;
  onMove: (to: string) => void;
}

/** Moving a row one place up or down, to its neighbour's place. */
function OrderCell({ id, above, below, onMove }: OrderProps) {
  const { t } = useTranslation('grid');
  return (
    <td>
      <button
        type="button"
        className="secondary"
        disabled={above === undefined}
        onClick={() => above !== undefined && onMove(above)}
      >
        {t('moveUp', { id })}
      </button>{' '}
      <button
        type="button"
        className="secondary"
        disabled={below === undefined}
        onClick={() => below !== undefined && onMove(below)}
      >
        {t('moveDown', { id })}
      </button>
    </td>
  );
}
