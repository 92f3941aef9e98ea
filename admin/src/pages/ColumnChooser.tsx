import { useTranslation } from 'react-i18next';
import { useFieldName } from '../shell/studio-data';
import type { Field } from '../fields';
import { placed } from './grid/grid-state';

interface Props {
  fields: Field[];
  /** The shown columns, in the table's order. */
  columns: string[];
  onChange: (columns: string[]) => void;
}

/** A checkbox per readable field, and for a shown one its position in the table (a list, so the keyboard reaches it too). */
export function ColumnChooser({ fields, columns, onChange }: Props) {
  const { t } = useTranslation('grid');
  const name = useFieldName();
  // Shown columns first, in their order, then the others in the fields' order.
  const listed = [
    ...columns.map((c) => fields.find((f) => f.field === c)).filter((f): f is Field => Boolean(f)),
    ...fields.filter((f) => !columns.includes(f.field)),
  ];
  const toggle = (field: string) =>
    onChange(columns.includes(field) ? columns.filter((c) => c !== field) : [...columns, field]);
  return (
    <details className="columns">
      <summary>{t('columns')}</summary>
      <ul className="column-list">
        {listed.map((f) => {
          const index = columns.indexOf(f.field);
          return (
            <li key={f.field}>
              <label className="inline">
                <input type="checkbox" checked={index >= 0} onChange={() => toggle(f.field)} />
                {name(f)}
              </label>
              {index >= 0 && (
                <select
                  aria-label={t('position', { name: name(f) })}
                  value={index}
                  onChange={(e) => onChange(placed(columns, f.field, Number(e.target.value)))}
                >
                  {columns.map((_, i) => (
                    <option key={i} value={i}>
                      {i + 1}
                    </option>
                  ))}
                </select>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
