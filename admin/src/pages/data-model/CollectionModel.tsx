import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import type { CollectionRow } from './DataModelList';
import { itemCount } from './item-count';
import { FieldsPanel } from './FieldsPanel';
import { RelationsPanel } from './RelationsPanel';
import { fieldText } from '../../format';

const path = (collection: string) => `/collections/${encodeURIComponent(collection)}`;

/** One collection's model: its settings, its fields, its relations, and deleting it. */
export function CollectionModel() {
  const { collection = '' } = useParams();
  const { t } = useTranslation('datamodel');
  const queryClient = useQueryClient();
  const info = useQuery({
    queryKey: ['model-collection', collection],
    queryFn: () => api<CollectionRow>('GET', path(collection)),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['model-collection', collection] });
    void queryClient.invalidateQueries({ queryKey: ['model-fields'] });
    void queryClient.invalidateQueries({ queryKey: ['model-relations'] });
    void queryClient.invalidateQueries({ queryKey: ['collections'] });
  };
  if (info.error) return <Failure error={info.error} retry={() => void info.refetch()} />;
  if (!info.data) return <p role="status">{t('loading')}</p>;
  return (
    <section>
      <h1>{collection}</h1>
      <CollectionSettings row={info.data} onSaved={refresh} />
      {info.data.schema !== null && <FieldsPanel collection={collection} onChanged={refresh} />}
      {info.data.schema !== null && <RelationsPanel collection={collection} onChanged={refresh} />}
      <DeleteCollection collection={collection} />
    </section>
  );
}

function CollectionSettings({ row, onSaved }: { row: CollectionRow; onSaved: () => void }) {
  const { t } = useTranslation('datamodel');
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const meta = {
      note: fieldText(data, 'note').trim() || null,
      singleton: data.get('singleton') === 'on',
      versioning: data.get('versioning') === 'on',
      hidden: data.get('hidden') === 'on',
    };
    await api('PATCH', path(row.collection), { meta }).then(
      () => (setMessage({ text: t('settings.saved'), error: false }), onSaved()),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <form onSubmit={(event) => void save(event)} aria-label={t('settings.form')} key={JSON.stringify(row.meta)}>
      <h2>{t('settings.title')}</h2>
      <label>
        {t('settings.note')}
        <input name="note" defaultValue={row.meta?.note ?? ''} />
      </label>
      <label className="inline">
        <input type="checkbox" name="singleton" defaultChecked={row.meta?.singleton} /> {t('settings.singleton')}
      </label>
      <label className="inline">
        <input type="checkbox" name="versioning" defaultChecked={row.meta?.versioning} /> {t('settings.versioning')}
      </label>
      <label className="inline">
        <input type="checkbox" name="hidden" defaultChecked={row.meta?.hidden} /> {t('settings.hidden')}
      </label>
      <button type="submit">{t('settings.save')}</button>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}

function DeleteCollection({ collection }: { collection: string }) {
  const { t } = useTranslation('datamodel');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  async function remove() {
    setError(undefined);
    const count = await itemCount(collection).catch(() => undefined);
    const loss = count === undefined ? t('delete.allItems') : t('delete.items', { count });
    if (!window.confirm(t('delete.confirm', { collection, loss }))) return;
    await api('DELETE', path(collection)).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: ['collections'] });
        void queryClient.invalidateQueries({ queryKey: ['model-collections'] });
        void navigate('/data-model');
      },
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <section aria-label={t('delete.section')}>
      <h2>{t('delete.title')}</h2>
      <button type="button" className="danger" onClick={() => void remove()}>
        {t('delete.button', { collection })}
      </button>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
