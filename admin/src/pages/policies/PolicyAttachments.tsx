import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { AccessRow } from '../../access-rows';
import { api, ApiError } from '../../api';
import { attach, detach, Owner } from './attach';
import { useRoleNames } from './policy';
import { fieldText } from '../../format';

interface Candidate {
  id: string;
  label: string;
}

interface Props {
  policy: string;
  roles: AccessRow[];
  users: AccessRow[];
  onChange: () => void;
}

type Named = { id: string; name?: string; email?: string };

const ownerOf = (row: AccessRow, owner: Owner) => row[owner] as Named;

/** The roles and the users a policy is attached to, each detached with a button, and attaching one more. */
export function PolicyAttachments({ policy, roles, users, onChange }: Props) {
  const { t } = useTranslation('policies');
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const allRoles = useRoleNames();
  const allUsers = useQuery({
    queryKey: ['users', 'emails'],
    queryFn: async () =>
      (await api<{ id: string; email: string | null }[]>('GET', '/users?fields=id,email&sort=email&limit=-1')).map(
        (u) => ({ id: u.id, label: u.email ?? u.id }),
      ),
  });
  async function run(work: Promise<void>, text: string) {
    setMessage(undefined);
    await work.then(
      () => (setMessage({ text, error: false }), onChange()),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  const list = (owner: Owner, rows: AccessRow[], candidates: Candidate[] = []) => {
    const label = (row: AccessRow) => ownerOf(row, owner).name ?? ownerOf(row, owner).email ?? ownerOf(row, owner).id;
    const attached = new Set(rows.map((row) => ownerOf(row, owner).id));
    return (
      <Attached
        owner={owner}
        rows={rows.map((row) => ({ id: row.id, owner: ownerOf(row, owner).id, label: label(row) }))}
        candidates={candidates.filter((c) => !attached.has(c.id))}
        onAttach={(id, name) => run(attach(owner, id, policy), t('attachedTo', { name }))}
        onDetach={(row) => run(detach(owner, row.owner, row.id), t('detachedFrom', { name: row.label }))}
      />
    );
  };
  return (
    <>
      {list(
        'role',
        roles,
        allRoles.data?.map((r) => ({ id: r.id, label: r.name })),
      )}
      {list('user', users, allUsers.data)}
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </>
  );
}

interface Row {
  id: string;
  owner: string;
  label: string;
}

interface AttachedProps {
  owner: Owner;
  rows: Row[];
  candidates: Candidate[];
  onAttach: (id: string, label: string) => Promise<void>;
  onDetach: (row: Row) => Promise<void>;
}

function Attached({ owner, rows, candidates, onAttach, onDetach }: AttachedProps) {
  const { t } = useTranslation('policies');
  const withPolicy = t(owner === 'role' ? 'rolesWith' : 'usersWith');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = fieldText(new FormData(event.currentTarget), 'owner');
    const chosen = candidates.find((c) => c.id === id);
    if (chosen) await onAttach(chosen.id, chosen.label);
  }
  return (
    <fieldset>
      <legend>{withPolicy}</legend>
      {rows.length === 0 && <p>{t('none')}</p>}
      <ul aria-label={withPolicy}>
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={`/${owner}s/${row.owner}`}>{row.label}</Link>{' '}
            <button type="button" className="secondary" onClick={() => void onDetach(row)}>
              {t('detach', { name: row.label })}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="toolbar"
        onSubmit={(event) => void submit(event)}
        aria-label={t(owner === 'role' ? 'attachToRole' : 'attachToUser')}
      >
        <label>
          {t(owner === 'role' ? 'roleToAttach' : 'userToAttach')}
          <select name="owner">
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={candidates.length === 0}>
          {t(owner === 'role' ? 'attachToTheRole' : 'attachToTheUser')}
        </button>
      </form>
    </fieldset>
  );
}
