import { useTranslation } from 'react-i18next';
import { FocusTrap } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError } from '../../api';
import { CloseOnEscape } from '../../shell/keys';
import { Failure } from '../../shell/Failure';
import type { Comparison } from './SchemaMoves';

interface Step {
  action: string;
  collection: string;
  field?: string;
  index?: number;
}

const describe = (step: Step) =>
  `${step.action.replace(/_/g, ' ')} ${step.field ? `${step.collection}.${step.field}` : step.collection}`;

type Result = { ok: true; steps: number } | { ok: false; error: ApiError };

/** The ordered dry-run plan of the comparison, and applying it with its outcome. */
export function ApplyPanel({ comparison, onApplied }: { comparison: Comparison; onApplied: () => void }) {
  const { t } = useTranslation('schema');
  const queryClient = useQueryClient();
  const plan = useQuery({
    queryKey: ['schema-plan', comparison.hash, comparison.diff],
    queryFn: () => api<Step[]>('POST', '/schema/apply?dry_run=true', comparison),
    gcTime: 0,
  });
  const [result, setResult] = useState<Result>();
  const [confirming, setConfirming] = useState(false);
  const deletions = plan.data?.filter((s) => s.action.startsWith('delete')) ?? [];

  async function apply() {
    setConfirming(false);
    await api('POST', '/schema/apply', comparison).then(
      () => setResult({ ok: true, steps: plan.data?.length ?? 0 }),
      (error: ApiError) => setResult({ ok: false, error }),
    );
    void queryClient.invalidateQueries({ queryKey: ['collections'] });
  }
  if (result?.ok) return <AppliedView steps={result.steps} onDone={onApplied} />;
  return (
    <section aria-label={t('plan')}>
      <h2>{t('plan')}</h2>
      {plan.error && <Failure error={plan.error} retry={() => void plan.refetch()} />}
      {plan.data && (
        <ol className="steps" aria-label={t('steps')}>
          {plan.data.map((step, i) => (
            <li key={i}>{describe(step)}</li>
          ))}
        </ol>
      )}
      {confirming ? (
        // Held inside until answered: Tab cycles through its buttons, Esc cancels.
        <FocusTrap active>
          <div role="alertdialog" aria-label={t('confirm')}>
            <CloseOnEscape onClose={() => setConfirming(false)} />
            <p>
              {deletions.length > 0
                ? t('deletes', { what: deletions.map((s) => describe(s).replace(/^delete /, '')).join(', ') })
                : t('changes')}
            </p>
            <button type="button" className="danger" onClick={() => void apply()}>
              {t('applySteps', { count: plan.data?.length })}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)} data-autofocus>
              {t('common:cancel')}
            </button>
          </div>
        </FocusTrap>
      ) : (
        <button type="button" disabled={!plan.data} onClick={() => setConfirming(true)}>
          {t('apply')}
        </button>
      )}
      {result && !result.ok && <FailedView error={result.error} />}
    </section>
  );
}

function AppliedView({ steps, onDone }: { steps: number; onDone: () => void }) {
  const { t } = useTranslation('schema');
  return (
    <section aria-label={t('outcome')}>
      <p role="status">{t('applied', { count: steps })}</p>
      <button type="button" className="secondary" onClick={onDone}>
        {t('another')}
      </button>
    </section>
  );
}

/** A failed apply: the API's message and, where DDL cannot be rolled back (MySQL/MariaDB), the steps that stay applied. */
function FailedView({ error }: { error: ApiError }) {
  const { t } = useTranslation('schema');
  const applied = (error.extensions.applied as Step[] | undefined) ?? [];
  return (
    <div role="alert">
      <p>{error.message}</p>
      {applied.length > 0 && (
        <>
          <p>{t('stayApplied')}</p>
          <ol>
            {applied.map((step, i) => (
              <li key={i}>{describe(step)}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
