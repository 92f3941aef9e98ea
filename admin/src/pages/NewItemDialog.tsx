import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollectionName } from '../shell/studio-data';
import type { Item } from './collection-shape';
import { FieldInput } from './FieldInput';
import { fetchFields } from '../fields';
import { RelationDialog } from './RelationDialog';

interface Props {
  collection: string;
  /** The field the nested write fills itself (the key back to the parent), left out of the form. */
  omit?: string;
  onClose: () => void;
  onCreate: (data: Item, label: string) => void;
}

/** A nested form in a dialog: the new item is written with the parent's save, in the same request. */
export function NewItemDialog({ collection, omit, onClose, onCreate }: Props) {
  const { t } = useTranslation('relations');
  const collectionName = useCollectionName()(collection);
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const [data, setData] = useState<Item>({});
  const shown = (fields.data ?? []).filter(
    (f) =>
      f.type !== 'alias' && !f.meta?.hidden && !f.meta?.readonly && !f.schema?.has_auto_increment && f.field !== omit,
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    // Submitting must not submit the item's own form around the portal's React tree.
    event.stopPropagation();
    const label = Object.values(data).find((v): v is string => typeof v === 'string' && v !== '');
    onCreate(data, label ?? t('list.newItem'));
    onClose();
  }
  return (
    <RelationDialog opened onClose={onClose} title={t('create.title', { collection: collectionName })}>
      {!fields.data && <p role="status">{t('loading')}</p>}
      <form onSubmit={submit} aria-label={t('create.form', { collection: collectionName })}>
        {shown.map((f) => (
          <FieldInput
            key={f.field}
            idPrefix="nested"
            field={f}
            value={data[f.field]}
            readOnly={false}
            onChange={(v) => setData({ ...data, [f.field]: v })}
          />
        ))}
        <button type="submit">{t('create.submit')}</button>
      </form>
    </RelationDialog>
  );
}
