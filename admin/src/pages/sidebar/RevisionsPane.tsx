import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { formatDateTime, personName, type PersonName } from '../../format';
import { diffRevision, shownValue } from '../../revision-diff';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { notifyDone } from '../../shell/notify';

export interface Revision {
  id: number;
  data: Record<string, unknown> | null;
  delta: Record<string, unknown> | null;
  activity: { action: string; timestamp: string; user: PersonName | null } | null;
}

const FIELDS =
  'id,data,delta,activity.action,activity.timestamp,activity.user.first_name,activity.user.last_name,activity.user.email';

/** The item's revisions, newest first: who changed what when, each comparable with the item and revertable. */
export function RevisionsPane({
  collection,
  item,
  current,
}: {
  collection: string;
  item: string;
  current: Record<string, unknown>;
}) {
  const { t } = useTranslation('sidebar');
  const queryClient = useQueryClient();
  const filter = `filter[collection][_eq]=${encodeURIComponent(collection)}&filter[item][_eq]=${encodeURIComponent(item)}`;
  const revisions = useQuery({
    queryKey: ['revisions', collection, item],
    queryFn: () => api<Revision[]>('GET', `/revisions?${filter}&sort=-id&limit=50&fields=${FIELDS}`),
  });
  const [open, setOpen] = useState<number>();
  const [reverting, setReverting] = useState<Revision>();
  async function revert(revision: Revision) {
    await api('POST', `/utils/revert/${revision.id}`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['item'] }),
      queryClient.invalidateQueries({ queryKey: ['revisions', collection, item] }),
    ]);
    setOpen(undefined);
    notifyDone(t('reverted'));
  }
  if (revisions.error) return <p role="alert">{revisions.error.message}</p>;
  if (!revisions.data) return <p role="status">{t('common:loading')}</p>;
  if (revisions.data.length === 0) return <p>{t('noRevisions')}</p>;
  return (
    <>
      <ol className="sidebar-list">
        {revisions.data.map((revision) => (
          <RevisionItem
            key={revision.id}
            revision={revision}
            current={current}
            open={open === revision.id}
            onToggle={() => setOpen(open === revision.id ? undefined : revision.id)}
            onRevert={() => setReverting(revision)}
          />
        ))}
      </ol>
      {reverting && (
        <ConfirmDialog
          title={t('revertTitle', { id: reverting.id })}
          confirmLabel={t('revertConfirm')}
          danger
          onConfirm={() => revert(reverting)}
          onClose={() => setReverting(undefined)}
        >
          <p>{t('revertExplain')}</p>
          <RevisionDiff revision={reverting} current={current} />
        </ConfirmDialog>
      )}
    </>
  );
}

interface ItemProps {
  revision: Revision;
  current: Record<string, unknown>;
  open: boolean;
  onToggle: () => void;
  onRevert: () => void;
}

/** A revision in the list: its summary, comparing it with the item, and reverting to it. */
function RevisionItem({ revision, current, open, onToggle, onRevert }: ItemProps) {
  const { t } = useTranslation('sidebar');
  return (
    <li>
      <RevisionSummary revision={revision} />
      <div className="toolbar">
        <button type="button" className="secondary" aria-expanded={open} onClick={onToggle}>
          {t('compare', { id: revision.id })}
        </button>
        <button type="button" className="secondary" onClick={onRevert}>
          {t('revert', { id: revision.id })}
        </button>
      </div>
      {open && <RevisionDiff revision={revision} current={current} />}
    </li>
  );
}

function RevisionSummary({ revision }: { revision: Revision }) {
  const { t, i18n } = useTranslation('sidebar');
  const who = personName(revision.activity?.user) ?? t('common:unknownUser');
  const action = revision.activity?.action ?? 'update';
  const changed = Object.keys(revision.delta ?? {});
  return (
    <p>
      <strong>{t(`action.${action}`, { defaultValue: action, who })}</strong>
      <br />
      <time dateTime={revision.activity?.timestamp}>{formatDateTime(revision.activity?.timestamp, i18n.language)}</time>
      {changed.length > 0 && (
        <>
          <br />
          {t('changedFields', { fields: changed.join(', '), count: changed.length })}
        </>
      )}
    </p>
  );
}

/** The fields a revert would change: the revision's value beside the item's. */
function RevisionDiff({ revision, current }: { revision: Revision; current: Record<string, unknown> }) {
  const { t } = useTranslation('sidebar');
  const changes = diffRevision(revision.data, current);
  if (changes.length === 0) return <p>{t('sameAsCurrent')}</p>;
  return (
    <table aria-label={t('diffLabel', { id: revision.id })}>
      <thead>
        <tr>
          <th scope="col">{t('field')}</th>
          <th scope="col">{t('inRevision')}</th>
          <th scope="col">{t('now')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{change.field}</th>
            <td>{shownValue(change.revision)}</td>
            <td>{shownValue(change.current)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
