import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AccessRow, bySort, moved, shown } from '../../access-rows';
import { ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { accessOf, attach, detach, Owner, reorder } from './attach';
import { usePolicies } from './policy';

const policyOf = (row: AccessRow) => row.policy as { id: string; name: string };

/** The policies attached to a role or a user, in the order they apply, with attaching and detaching. */
export function OwnPolicies({ owner, id }: { owner: Owner; id: string }) {
  const { t } = useTranslation('policies');
  const rows = useQuery({
    queryKey: ['policy-access', owner, id],
    queryFn: async () => bySort(await accessOf(owner, id)),
  });
  const policies = usePolicies();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  if (rows.error) return <Failure error={rows.error} retry={() => void rows.refetch()} />;
  if (!rows.data) return <p role="status">{t('common:loading')}</p>;
  const attached = new Set(rows.data.map((row) => policyOf(row).id));
  const candidates = (policies.data ?? []).filter((p) => !attached.has(p.id));
  async function run(work: Promise<void>, text: string) {
    setMessage(undefined);
    await work.then(
      () => (setMessage({ text, error: false }), void rows.refetch()),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = candidates.find((p) => p.id === new FormData(event.currentTarget).get('policy'));
    if (chosen) await run(attach(owner, id, chosen.id), t('attached', { name: shown(chosen.name) }));
  }
  return (
    <fieldset>
      <legend>{t('title')}</legend>
      {rows.data.length === 0 && <p>{t(owner === 'role' ? 'noneOnRole' : 'noneOnUser')}</p>}
      <ol aria-label={t('attachedPolicies')}>
        {rows.data.map((row, index) => (
          <AttachedPolicy key={row.id} rows={rows.data} index={index} owner={owner} id={id} run={run} />
        ))}
      </ol>
      <form className="toolbar" onSubmit={(event) => void submit(event)} aria-label={t('attachPolicy')}>
        <label>
          {t('policyToAttach')}
          <select name="policy">
            {candidates.map((p) => (
              <option key={p.id} value={p.id}>
                {shown(p.name)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={candidates.length === 0}>
          {t('attachButton')}
        </button>
      </form>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </fieldset>
  );
}

interface AttachedProps {
  rows: AccessRow[];
  index: number;
  owner: Owner;
  id: string;
  run: (work: Promise<void>, text: string) => Promise<void>;
}

/** One attached policy: a link to it, moving it up or down the order, and detaching it. */
function AttachedPolicy({ rows, index, owner, id, run }: AttachedProps) {
  const { t } = useTranslation('policies');
  const row = rows[index];
  const name = shown(policyOf(row).name);
  return (
    <li>
      <Link to={`/policies/${policyOf(row).id}`}>{name}</Link>{' '}
      {([-1, 1] as const).map((delta) => (
        <button
          key={delta}
          type="button"
          className="secondary"
          disabled={moved(rows, index, delta).length === 0}
          onClick={() => void run(reorder(owner, id, moved(rows, index, delta)), t('moved', { name }))}
        >
          {t(delta < 0 ? 'moveUp' : 'moveDown', { name })}
        </button>
      ))}{' '}
      <button
        type="button"
        className="secondary"
        onClick={() => void run(detach(owner, id, row.id), t('detachedPolicy', { name }))}
      >
        {t('detach', { name })}
      </button>
    </li>
  );
}
