import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { TableHead } from '../TableHead';
import { fieldText } from '../../format';

export interface CollectionRow {
  collection: string;
  meta: { note?: string | null; singleton?: boolean; versioning?: boolean; hidden?: boolean } | null;
  schema: { name: string } | null;
}

const PRIMARY_KEYS: Record<string, object[]> = {
  integer: [],
  uuid: [
    {
      field: 'id',
      type: 'uuid',
      schema: { is_primary_key: true },
      meta: { special: ['uuid'], hidden: true, readonly: true },
    },
  ],
  string: [{ field: 'id', type: 'string', schema: { is_primary_key: true, max_length: 255 } }],
};

export const userCollections = (rows: CollectionRow[]) => rows.filter((c) => !c.collection.startsWith('svc_'));

/** The data model: every user collection, and a form to create one. */
export function DataModelList() {
  const { t } = useTranslation('datamodel');
  const collections = useQuery({
    queryKey: ['model-collections'],
    queryFn: () => api<CollectionRow[]>('GET', '/collections'),
  });
  if (collections.error) return <Failure error={collections.error} retry={() => void collections.refetch()} />;
  return (
    <section>
      <h1>{t('list.title')}</h1>
      <table aria-label={t('list.table')}>
        <TableHead labels={[t('list.collection'), t('list.note'), t('list.kind'), t('list.versioning')]} />
        <tbody>
          {userCollections(collections.data ?? []).map((c) => (
            <tr key={c.collection}>
              <td>
                <Link to={`/data-model/${c.collection}`}>{c.collection}</Link>
              </td>
              <td>{c.meta?.note}</td>
              <td>{t(c.schema === null ? 'list.folder' : c.meta?.singleton ? 'list.singleton' : 'list.plain')}</td>
              <td>{t(c.meta?.versioning ? 'list.on' : 'list.off')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <CreateCollection />
    </section>
  );
}

function CreateCollection() {
  const { t } = useTranslation('datamodel');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const collection = fieldText(data, 'collection').trim();
    const meta = {
      note: fieldText(data, 'note').trim() || null,
      singleton: data.get('singleton') === 'on',
      versioning: data.get('versioning') === 'on',
    };
    const body = { collection, meta, fields: PRIMARY_KEYS[fieldText(data, 'primary')] };
    await api('POST', '/collections', body).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: ['collections'] });
        void queryClient.invalidateQueries({ queryKey: ['model-collections'] });
        void navigate(`/data-model/${collection}`);
      },
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('create.title')}>
      <h2>{t('create.title')}</h2>
      <label>
        {t('create.name')}
        <input name="collection" required pattern="[A-Za-z0-9_\-]+" />
      </label>
      <label>
        {t('create.primary')}
        <select name="primary" defaultValue="integer">
          <option value="integer">{t('create.primaryInteger')}</option>
          <option value="uuid">{t('create.primaryUuid')}</option>
          <option value="string">{t('create.primaryString')}</option>
        </select>
      </label>
      <label>
        {t('create.note')}
        <input name="note" />
      </label>
      <label className="inline">
        <input type="checkbox" name="singleton" /> {t('create.singleton')}
      </label>
      <label className="inline">
        <input type="checkbox" name="versioning" /> {t('create.versioning')}
      </label>
      <button type="submit">{t('create.submit')}</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
