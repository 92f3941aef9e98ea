import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { TableHead } from '../TableHead';

export interface CollectionRow {
  collection: string;
  meta: { note?: string | null; singleton?: boolean; versioning?: boolean; hidden?: boolean } | null;
  schema: { name: string } | null;
}

const PRIMARY_KEYS: Record<string, object[]> = {
  integer: [],
  uuid: [{ field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'], hidden: true, readonly: true } }],
  string: [{ field: 'id', type: 'string', schema: { is_primary_key: true, max_length: 255 } }],
};

export const userCollections = (rows: CollectionRow[]) => rows.filter((c) => !c.collection.startsWith('svc_'));

/** The data model: every user collection, and a form to create one. */
export function DataModelList() {
  const collections = useQuery({ queryKey: ['model-collections'], queryFn: () => api<CollectionRow[]>('GET', '/collections') });
  if (collections.error) return <Failure error={collections.error} retry={() => collections.refetch()} />;
  return (
    <section>
      <h1>Data model</h1>
      <table aria-label="Collections">
        <TableHead labels={['Collection', 'Note', 'Kind', 'Content versions']} />
        <tbody>
          {userCollections(collections.data ?? []).map((c) => (
            <tr key={c.collection}>
              <td>
                <Link to={`/data-model/${c.collection}`}>{c.collection}</Link>
              </td>
              <td>{c.meta?.note}</td>
              <td>{c.schema === null ? 'folder' : c.meta?.singleton ? 'singleton' : 'collection'}</td>
              <td>{c.meta?.versioning ? 'on' : 'off'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <CreateCollection />
    </section>
  );
}

function CreateCollection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const collection = String(data.get('collection')).trim();
    const meta = { note: String(data.get('note')).trim() || null, singleton: data.get('singleton') === 'on', versioning: data.get('versioning') === 'on' };
    const body = { collection, meta, fields: PRIMARY_KEYS[String(data.get('primary'))] };
    await api('POST', '/collections', body).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: ['collections'] });
        void queryClient.invalidateQueries({ queryKey: ['model-collections'] });
        navigate(`/data-model/${collection}`);
      },
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <form onSubmit={submit} aria-label="Create a collection">
      <h2>Create a collection</h2>
      <label>
        Name (letters, digits, _ and -)
        <input name="collection" required pattern="[A-Za-z0-9_\-]+" />
      </label>
      <label>
        Primary key
        <select name="primary" defaultValue="integer">
          <option value="integer">Whole number, counted up by the database</option>
          <option value="uuid">UUID, generated</option>
          <option value="string">Text, entered by the editor</option>
        </select>
      </label>
      <label>
        Note
        <input name="note" />
      </label>
      <label className="inline">
        <input type="checkbox" name="singleton" /> Singleton (a single item, like a settings page)
      </label>
      <label className="inline">
        <input type="checkbox" name="versioning" /> Content versions (drafts of items, promoted when ready)
      </label>
      <button type="submit">Create collection</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
