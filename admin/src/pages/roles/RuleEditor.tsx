import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { ApiError } from '../../api';
import { buildFilter, Condition, parseFilter } from '../../filters';
import { parsePresets, presetsText } from '../../rule-presets';
import { Failure } from '../../shell/Failure';
import { fetchFields, Field } from '../../fields';
import { FilterBuilder } from '../FilterBuilder';
import { toggled } from '../sets';
import { Cell, filterKey, hasFields, hasPresets, writeCell } from './rules';

interface Props {
  cell: Cell;
  onSaved: () => void;
  onCancel: () => void;
}

/** A custom rule: the fields the action may touch, with the content table's builder a filter, and the values it presets. */
export function RuleEditor({ cell, onSaved, onCancel }: Props) {
  const { t } = useTranslation('roles');
  const { collection, action, rule } = cell;
  const key = filterKey(action);
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const [all, setAll] = useState(!rule?.fields || rule.fields.includes('*'));
  const [chosen, setChosen] = useState(new Set(rule?.fields?.filter((f) => f !== '*') ?? []));
  const stored = rule?.[key] ?? null;
  // A filter the builder cannot show is kept untouched until the user chooses to replace it.
  const [kept, setKept] = useState(() => (parseFilter(stored) === null ? stored : null));
  const [conditions, setConditions] = useState<Condition[]>(() => parseFilter(stored) ?? []);
  const [presets, setPresets] = useState(() => presetsText(rule?.presets));
  const [error, setError] = useState<string>();
  if (fields.error) return <Failure error={fields.error} retry={() => void fields.refetch()} />;
  if (!fields.data) return <p role="status">{t('common:loading')}</p>;
  const columns = fields.data.filter((f) => f.type !== 'alias');
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!all && chosen.size === 0 && hasFields(action)) return setError(t('chooseField'));
    const preset = hasPresets(action) ? parsePresets(presets) : { presets: null };
    if ('error' in preset) return setError(t(preset.error));
    const filter = kept ?? buildFilter(conditions, (name) => columns.find((f) => f.field === name)?.type ?? 'string');
    const values = { fields: all || !hasFields(action) ? ['*'] : [...chosen], [key]: filter, presets: preset.presets };
    await writeCell(cell, values).then(onSaved, (e: ApiError) => setError(e.message));
  }
  const name = t('customTitle', { action, collection });
  return (
    <form onSubmit={(event) => void save(event)} aria-label={name} className="rule-editor">
      <h2>{name}</h2>
      {hasFields(action) && (
        <FieldChoice fields={fields.data} all={all} chosen={chosen} onAll={setAll} onChosen={setChosen} />
      )}
      {kept ? (
        <KeptFilter kept={kept} validation={key === 'validation'} onReplace={() => setKept(null)} />
      ) : (
        <FilterBuilder
          fields={columns}
          conditions={conditions}
          onChange={setConditions}
          legend={key === 'validation' ? t('valuesLegend') : t('rowsLegend', { action })}
        />
      )}
      {hasPresets(action) && (
        <label>
          {t('presets')}
          <textarea rows={3} value={presets} onChange={(e) => setPresets(e.target.value)} />
        </label>
      )}
      <button type="submit">{t('saveRule')}</button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('common:cancel')}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

interface KeptProps {
  kept: unknown;
  validation: boolean;
  onReplace: () => void;
}

/** A stored filter the builder cannot show, as it is, with the choice to replace it. */
function KeptFilter({ kept, validation, onReplace }: KeptProps) {
  const { t } = useTranslation('roles');
  return (
    <p>
      {t(validation ? 'keptValues' : 'keptRows')} <code>{JSON.stringify(kept)}</code>.{' '}
      <button type="button" className="secondary" onClick={onReplace}>
        {t('replaceFilter')}
      </button>
    </p>
  );
}

interface FieldChoiceProps {
  fields: Field[];
  all: boolean;
  chosen: Set<string>;
  onAll: (all: boolean) => void;
  onChosen: (chosen: Set<string>) => void;
}

function FieldChoice({ fields, all, chosen, onAll, onChosen }: FieldChoiceProps) {
  const { t } = useTranslation('roles');
  return (
    <fieldset>
      <legend>{t('fields')}</legend>
      <label className="inline">
        <input type="checkbox" checked={all} onChange={(e) => onAll(e.target.checked)} /> {t('allFields')}
      </label>
      {fields.map((f) => (
        <label className="inline" key={f.field}>
          <input
            type="checkbox"
            checked={all || chosen.has(f.field)}
            disabled={all}
            onChange={() => onChosen(toggled(chosen, f.field))}
          />{' '}
          {f.field}
        </label>
      ))}
    </fieldset>
  );
}
