import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { TableHead } from '../TableHead';
import { AddRelation } from './AddRelation';

interface Relation {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: { one_field?: string | null; junction_field?: string | null; one_allowed_collections?: string[] | null } | null;
  schema: { on_delete?: string } | null;
}

const enc = encodeURIComponent;

/** How the relation reads from `collection`: which side it is on, and through a junction to one collection or to any. */
function kindOf(r: Relation, collection: string, all: Relation[]): 'm2o' | 'o2m' | 'm2m' | 'm2a' {
  if (r.collection === collection) return 'm2o';
  const other = r.meta?.junction_field
    ? all.find((o) => o.collection === r.collection && o.field === r.meta?.junction_field)
    : undefined;
  if (!other) return 'o2m';
  return other.related_collection ? 'm2m' : 'm2a';
}

/** The relations from and to this collection, adding them (of every kind), and removing them. */
export function RelationsPanel({ collection, onChanged }: { collection: string; onChanged: () => void }) {
  const { t } = useTranslation('datamodel');
  const relations = useQuery({ queryKey: ['model-relations'], queryFn: () => api<Relation[]>('GET', '/relations') });
  const [error, setError] = useState<string>();
  const mine = (relations.data ?? []).filter((r) => r.collection === collection || r.related_collection === collection);
  const done = () => (setError(undefined), void relations.refetch(), onChanged());
  async function remove(r: Relation) {
    const list = r.meta?.one_field
      ? t('relations.confirmRemoveList', { list: `${r.related_collection}.${r.meta.one_field}` })
      : '';
    if (
      !window.confirm(
        t('relations.confirmRemove', { relation: `${r.collection}.${r.field}`, related: r.related_collection, list }),
      )
    )
      return;
    await api('DELETE', `/relations/${enc(r.collection)}/${enc(r.field)}`).then(done, (e: ApiError) =>
      setError(e.message),
    );
  }
  if (relations.error) return <Failure error={relations.error} retry={() => void relations.refetch()} />;
  return (
    <section aria-label={t('relations.title')}>
      <h2>{t('relations.title')}</h2>
      {error && <p role="alert">{error}</p>}
      <table aria-label={t('relations.table', { collection })}>
        <TableHead
          labels={[t('relations.relation'), t('relations.kind'), t('relations.onDeleteColumn'), t('relations.actions')]}
        />
        <tbody>
          {mine.map((r) => (
            <tr key={`${r.collection}.${r.field}`}>
              <td>
                {r.collection === collection
                  ? `${r.field} → ${r.related_collection ?? (r.meta?.one_allowed_collections ?? []).join(', ')}`
                  : `${r.meta?.one_field ?? t('relations.noListField')} ← ${r.collection}.${r.field}`}
              </td>
              <td>{t(`relations.kindName.${kindOf(r, collection, relations.data ?? [])}`)}</td>
              <td>{r.schema?.on_delete ?? ''}</td>
              <td>
                <button type="button" className="danger" onClick={() => void remove(r)}>
                  {t('relations.remove', { relation: `${r.collection}.${r.field}` })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AddRelation collection={collection} onAdded={done} onError={setError} />
    </section>
  );
}
