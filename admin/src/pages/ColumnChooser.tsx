import { useState } from 'react';
import { useFieldName } from '../shell/studio-data';
import type { Field } from './fields';
import { toggled } from './sets';

const storageKey = (collection: string) => `vellum.columns.${collection}`;

/** The columns the user chose for a collection, kept in this browser; the defaults until they choose. */
export function useColumns(collection: string, defaults: Field[]): [string[], (columns: string[]) => void] {
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const stored = chosen[collection] ?? readStored(collection);
  const columns = stored ?? defaults.map((f) => f.field);
  const choose = (next: string[]) => {
    localStorage.setItem(storageKey(collection), JSON.stringify(next));
    setChosen({ ...chosen, [collection]: next });
  };
  return [columns, choose];
}

function readStored(collection: string): string[] | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(collection)) ?? 'null') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

interface Props {
  fields: Field[];
  columns: string[];
  onChange: (columns: string[]) => void;
}

/** A checkbox per readable field: the table shows the checked ones, in the fields' order. */
export function ColumnChooser({ fields, columns, onChange }: Props) {
  const name = useFieldName();
  const order = (set: Set<string>) => fields.map((f) => f.field).filter((f) => set.has(f));
  return (
    <details className="columns">
      <summary>Columns</summary>
      {fields.map((f) => (
        <label key={f.field} className="inline">
          <input type="checkbox" checked={columns.includes(f.field)} onChange={() => onChange(order(toggled(new Set(columns), f.field)))} />
          {name(f)}
        </label>
      ))}
    </details>
  );
}
