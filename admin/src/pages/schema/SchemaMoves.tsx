import { useTranslation } from 'react-i18next';
import { FormEvent, useState } from 'react';
import { ApiError, postFile } from '../../api';
import type { SchemaDiff } from '../../schema-plan';
import { ApplyPanel } from './ApplyPanel';
import { PlanView } from './PlanView';
import { fieldText } from '../../format';

export interface Comparison {
  hash: string;
  diff: SchemaDiff;
}

type Outcome =
  | { state: 'idle' }
  | { state: 'same' }
  | { state: 'diff'; comparison: Comparison }
  | { state: 'error'; error: ApiError };

/** Pasted text goes as a file part too: JSON when it parses as JSON, YAML otherwise (API.md 4.2). */
function pastedSnapshot(text: string): Blob {
  try {
    JSON.parse(text);
    return new Blob([text], { type: 'application/json' });
  } catch {
    return new Blob([text], { type: 'application/yaml' });
  }
}

const mismatch = (error: ApiError) => error.status === 400 && /version|vendor/.test(error.message);

/**
 * Schema moves between environments: download this instance's snapshot; upload or paste another's and
 * see what would change, grouped by collection, with the ordered dry-run plan; then apply it.
 */
export function SchemaMoves() {
  const { t } = useTranslation('schema');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [force, setForce] = useState(false);
  const [merge, setMerge] = useState(false);
  const [source, setSource] = useState<Blob>();

  async function compare(snapshot: Blob, forced = force) {
    setSource(snapshot);
    setOutcome({ state: 'idle' });
    const query = new URLSearchParams({ mode: merge ? 'merge' : 'mirror', ...(forced ? { force: 'true' } : {}) });
    await postFile<Comparison | undefined>(`/schema/diff?${query}`, snapshot, 'snapshot').then(
      (comparison) => setOutcome(comparison ? { state: 'diff', comparison } : { state: 'same' }),
      (error: ApiError) => setOutcome({ state: 'error', error }),
    );
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    const text = fieldText(data, 'text').trim();
    if (file instanceof File && file.size > 0) return void compare(file);
    if (text) return void compare(pastedSnapshot(text));
    setOutcome({ state: 'error', error: new ApiError(400, 'INVALID_PAYLOAD', t('chooseSnapshot')) });
  }
  return (
    <section>
      <h1>{t('title')}</h1>
      <p>
        {t('download')} <a href="/schema/snapshot?export=json">{t('asJson')}</a> ·{' '}
        <a href="/schema/snapshot?export=yaml">{t('asYaml')}</a>
      </p>
      <form onSubmit={submit} aria-label={t('compareSnapshot')}>
        <label>
          {t('file')}
          <input name="file" type="file" accept=".json,.yaml,.yml,application/json,application/yaml" />
        </label>
        <label>
          {t('paste')}
          <textarea name="text" rows={6} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={merge} onChange={(e) => setMerge(e.target.checked)} />
          {t('merge')}
        </label>
        <label className="inline">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} />
          {t('force')}
        </label>
        <p className="hint">{t('forceHint')}</p>
        <button type="submit">{t('compare')}</button>
      </form>
      <OutcomeView
        outcome={outcome}
        onForce={() => (setForce(true), source && void compare(source, true))}
        onApplied={() => setOutcome({ state: 'idle' })}
      />
    </section>
  );
}

function OutcomeView({
  outcome,
  onForce,
  onApplied,
}: {
  outcome: Outcome;
  onForce: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation('schema');
  if (outcome.state === 'same') return <p role="status">{t('same')}</p>;
  if (outcome.state === 'error')
    return (
      <div role="alert">
        <p>{outcome.error.message}</p>
        {mismatch(outcome.error) && (
          <button type="button" onClick={onForce}>
            {t('compareAnyway')}
          </button>
        )}
      </div>
    );
  if (outcome.state !== 'diff') return null;
  return (
    <>
      <PlanView diff={outcome.comparison.diff} />
      <ApplyPanel comparison={outcome.comparison} onApplied={onApplied} />
    </>
  );
}
