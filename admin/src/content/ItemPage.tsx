import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { toFormValue } from './form-values';
import { ItemForm } from './ItemForm';
import { itemsPath, useFields, valueFields } from './schema';

/** `/content/:collection/:id`, or `/content/:collection/+` for a new item. */
export default function ItemPage() {
  const { collection, id } = useParams() as { collection: string; id: string };
  const isNew = id === '+';
  const fields = useFields(collection);
  const item = useQuery({
    queryKey: ['item', collection, id],
    enabled: !isNew,
    queryFn: async () => (await api<Record<string, unknown>>('GET', `${itemsPath(collection)}/${encodeURIComponent(id)}`)).data,
  });

  const error = fields.error ?? item.error;
  const ready = fields.data && (isNew || item.data);
  const shown = valueFields(fields.data ?? []).filter((f) => !(isNew && f.schema?.has_auto_increment));
  const initial = Object.fromEntries(shown.map((f) => [f.field, toFormValue(f, isNew ? undefined : item.data?.[f.field])]));

  return (
    <>
      <p>
        <Link to={`/content/${encodeURIComponent(collection)}`}>Back to {collection}</Link>
      </p>
      <h1>{isNew ? `New item in ${collection}` : `${collection} ${id}`}</h1>
      <ErrorMessage error={error} onRetry={() => void (fields.error ? fields.refetch() : item.refetch())} />
      {ready && <ItemForm key={`${collection}/${id}`} collection={collection} id={isNew ? null : id} fields={shown} initial={initial} />}
    </>
  );
}
