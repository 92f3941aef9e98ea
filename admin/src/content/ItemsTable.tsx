import { Link } from 'react-router';
import type { Field } from './schema';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface Props {
  collection: string;
  columns: Field[];
  pk: string;
  items: Record<string, unknown>[];
  sort: string;
  onSort: (sort: string) => void;
}

/** The items as rows; a header button sorts by its column, a second click reverses. */
export function ItemsTable({ collection, columns, pk, items, sort, onSort }: Props) {
  const sortState = (field: string) => (sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none');
  const base = `/content/${encodeURIComponent(collection)}`;
  return (
    <table>
      <thead>
        <tr>
          {columns.map((f) => (
            <th key={f.field} scope="col" aria-sort={sortState(f.field)}>
              <button type="button" onClick={() => onSort(sort === f.field ? `-${f.field}` : f.field)}>
                {f.field} {sortState(f.field) === 'ascending' ? '▲' : sortState(f.field) === 'descending' ? '▼' : ''}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={cell(item[pk])}>
            {columns.map((f, i) => (
              <td key={f.field}>
                {i === 0 ? <Link to={`${base}/${encodeURIComponent(cell(item[pk]))}`}>{cell(item[f.field]) || '(empty)'}</Link> : cell(item[f.field])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
