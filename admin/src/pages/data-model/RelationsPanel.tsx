import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { TableHead } from '../TableHead';
import { CollectionRow, userCollections } from './DataModelList';
import type { ModelField } from './FieldEditor';

interface Relation {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: { one_field?: string | null } | null;
  schema: { on_delete?: string } | null;
}

const enc = encodeURIComponent;

async function primaryKeyType(collection: string): Promise<string> {
  const fields = await api<ModelField[]>('GET', `/fields/${enc(collection)}`);
  return fields.find((f) => f.schema?.is_primary_key)?.type ?? 'integer';
}

/**
 * A many-to-one from `many.field` to `one`: the foreign key column (typed like the other side's key),
 * then the relation; when the relation is refused the new column goes again, so nothing half-made stays.
 */
async function linkCollections(many: string, field: string, one: string, oneField: string | null, onDelete: string): Promise<void> {
  const type = await primaryKeyType(one);
  await api('POST', `/fields/${enc(many)}`, { field, type, meta: { special: ['m2o'], interface: 'select-dropdown-m2o' }, schema: { is_nullable: true } });
  const relation = { collection: many, field, related_collection: one, meta: { one_field: oneField }, schema: { on_delete: onDelete } };
  await api('POST', '/relations', relation).catch(async (e: unknown) => {
    await api('DELETE', `/fields/${enc(many)}/${enc(field)}`).catch(() => undefined);
    throw e;
  });
}

/** The relations from and to this collection, adding many-to-one and one-to-many ones, and removing them. */
export function RelationsPanel({ collection, onChanged }: { collection: string; onChanged: () => void }) {
  const relations = useQuery({ queryKey: ['model-relations'], queryFn: () => api<Relation[]>('GET', '/relations') });
  const [error, setError] = useState<string>();
  const mine = (relations.data ?? []).filter((r) => r.collection === collection || r.related_collection === collection);
  const done = () => (setError(undefined), void relations.refetch(), onChanged());
  async function remove(r: Relation) {
    if (!window.confirm(`Remove the relation ${r.collection}.${r.field} → ${r.related_collection}? The field keeps its values but no longer links${r.meta?.one_field ? `, and the list field ${r.related_collection}.${r.meta.one_field} goes` : ''}.`)) return;
    await api('DELETE', `/relations/${enc(r.collection)}/${enc(r.field)}`).then(done, (e: ApiError) => setError(e.message));
  }
  if (relations.error) return <Failure error={relations.error} retry={() => relations.refetch()} />;
  return (
    <section aria-label="Relations">
      <h2>Relations</h2>
      {error && <p role="alert">{error}</p>}
      <table aria-label={`Relations of ${collection}`}>
        <TableHead labels={['Relation', 'Kind', 'On delete', 'Actions']} />
        <tbody>
          {mine.map((r) => (
            <tr key={`${r.collection}.${r.field}`}>
              <td>{r.collection === collection ? `${r.field} → ${r.related_collection}` : `${r.meta?.one_field ?? '(no list field)'} ← ${r.collection}.${r.field}`}</td>
              <td>{r.collection === collection ? 'many-to-one' : 'one-to-many'}</td>
              <td>{r.schema?.on_delete ?? ''}</td>
              <td>
                <button type="button" className="danger" onClick={() => void remove(r)}>
                  Remove {r.collection}.{r.field}
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

function AddRelation({ collection, onAdded, onError }: { collection: string; onAdded: () => void; onError: (message: string) => void }) {
  const collections = useQuery({ queryKey: ['model-collections'], queryFn: () => api<CollectionRow[]>('GET', '/collections') });
  const [kind, setKind] = useState<'m2o' | 'o2m'>('m2o');
  const targets = [...userCollections(collections.data ?? []).filter((c) => c.schema !== null).map((c) => c.collection), 'svc_users', 'svc_files'];
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const other = text('other');
    const made =
      kind === 'm2o'
        ? linkCollections(collection, text('field'), other, text('list') || null, text('on_delete'))
        : linkCollections(other, text('key'), collection, text('field'), text('on_delete'));
    await made.then(() => (form.reset(), onAdded()), (e: ApiError) => onError(e.message));
  }
  return (
    <form onSubmit={submit} aria-label="Add a relation">
      <h3>Add a relation</h3>
      <label>
        Kind
        <select value={kind} onChange={(e) => setKind(e.target.value as 'm2o' | 'o2m')}>
          <option value="m2o">Many-to-one: each {collection} item points to one item of another collection</option>
          <option value="o2m">One-to-many: each {collection} item lists items of another collection</option>
        </select>
      </label>
      <label>
        {kind === 'm2o' ? 'New field here (holds the key of the related item)' : 'New list field here'}
        <input name="field" required pattern="[A-Za-z0-9_\-]+" />
      </label>
      <label>
        Related collection
        <select name="other" required>
          {targets.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <OtherSideField kind={kind} />
      <label>
        When the related item is deleted
        <select name="on_delete" defaultValue="SET NULL">
          <option value="SET NULL">SET NULL: the link is emptied</option>
          <option value="CASCADE">CASCADE: the linking items are deleted too</option>
          <option value="RESTRICT">RESTRICT: the delete is refused while linked</option>
        </select>
      </label>
      <button type="submit">Add relation</button>
    </form>
  );
}

function OtherSideField({ kind }: { kind: 'm2o' | 'o2m' }) {
  return kind === 'm2o' ? (
    <label>
      List field on the other side (optional)
      <input name="list" pattern="[A-Za-z0-9_\-]+" />
    </label>
  ) : (
    <label>
      New key field on the other side
      <input name="key" required pattern="[A-Za-z0-9_\-]+" />
    </label>
  );
}
