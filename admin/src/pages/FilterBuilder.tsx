import { useTranslation } from 'react-i18next';
import { Condition, operatorsFor } from '../filters';
import { useFieldName } from '../shell/studio-data';
import type { Field } from '../fields';

interface Props {
  fields: Field[];
  conditions: Condition[];
  onChange: (conditions: Condition[]) => void;
  /** What the conditions select, when they are not the table's filters (e.g. a permission's rows). */
  legend?: string;
}

/** Conditions on fields, each with the operators that fit the field's type; all of them must hold. */
export function FilterBuilder({ fields, conditions, onChange, legend }: Props) {
  const { t } = useTranslation('grid');
  const typeOf = (name: string) => fields.find((f) => f.field === name)?.type ?? 'string';
  const set = (index: number, change: Partial<Condition>) =>
    onChange(conditions.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const add = () =>
    fields.length > 0 &&
    onChange([...conditions, { field: fields[0].field, operator: operatorsFor(fields[0].type)[0].id, value: '' }]);
  return (
    <fieldset className="filters">
      <legend>{legend ?? t('filters')}</legend>
      {conditions.map((c, i) => (
        <ConditionRow
          key={i}
          index={i}
          condition={c}
          fields={fields}
          typeOf={typeOf}
          onSet={(change) => set(i, change)}
          onRemove={() => onChange(conditions.filter((_, j) => j !== i))}
        />
      ))}
      <button type="button" className="secondary" onClick={add}>
        {t('addFilter')}
      </button>
    </fieldset>
  );
}

interface RowProps {
  index: number;
  condition: Condition;
  fields: Field[];
  typeOf: (field: string) => string;
  onSet: (change: Partial<Condition>) => void;
  onRemove: () => void;
}

/** One condition: its field, its operator and, when the operator takes one, its value. */
function ConditionRow({ index: i, condition: c, fields, typeOf, onSet: set, onRemove }: RowProps) {
  const { t } = useTranslation('grid');
  const name = useFieldName();
  const operators = operatorsFor(typeOf(c.field));
  const arity = operators.find((o) => o.id === c.operator)?.arity ?? 'one';
  return (
    <div className="toolbar">
      <label>
        {t('filterField', { n: i + 1 })}
        <select
          value={c.field}
          onChange={(e) =>
            set({ field: e.target.value, operator: operatorsFor(typeOf(e.target.value))[0].id, value: '' })
          }
        >
          {fields.map((f) => (
            <option key={f.field} value={f.field}>
              {name(f)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filterOperator', { n: i + 1 })}
        <select value={c.operator} onChange={(e) => set({ operator: e.target.value })}>
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {t(`operators.${o.id}`, { defaultValue: o.label })}
            </option>
          ))}
        </select>
      </label>
      {arity !== 'none' && (
        <label>
          {t('filterValue', { n: i + 1 })}
          <input
            value={c.value}
            placeholder={arity === 'list' ? t('listPlaceholder') : undefined}
            onChange={(e) => set({ value: e.target.value })}
          />
        </label>
      )}
      <button type="button" className="secondary" onClick={onRemove}>
        {t('removeFilter', { n: i + 1 })}
      </button>
    </div>
  );
}
