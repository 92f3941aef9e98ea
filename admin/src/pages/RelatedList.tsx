import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Key, ListEntry, listChanges, moveEntry, removeEntry } from '../relation-changes';
import type { ListKind } from '../relations';
import { useCollectionName, useFieldName } from '../shell/studio-data';
import type { Item } from './collection-shape';
import type { Field } from '../fields';
import type { Picked } from './ItemPicker';
import { listTarget, useListRows } from './related-rows';

// Dialogs load with the first one opened, not with every item page.
const ItemPicker = lazy(() => import('./ItemPicker').then((m) => ({ default: m.ItemPicker })));
const NewItemDialog = lazy(() => import('./NewItemDialog').then((m) => ({ default: m.NewItemDialog })));

interface Props {
  field: Field;
  kind: ListKind;
  itemId: string;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

interface Draft {
  entries: ListEntry[];
  removed: Key[];
}

const isPlainObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

let made = 0;
const newId = () => `n${++made}`;

/** The list as the user arranges it, and each arrangement handed to the item's edits as its nested write. */
function useListDraft({ kind, itemId, value, onChange }: Props, target: string) {
  const rows = useListRows(kind, itemId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const collectionName = useCollectionName();
  // Until edited the value is what the item stores (keys); the save empties the edits, and the list
  // shows what was stored from then on.
  const edited = isPlainObject(value);
  useEffect(() => {
    if (!edited) setDraft(null);
  }, [edited]);
  const current = draft ?? { entries: rows.entries, removed: [] };
  function update(next: Draft) {
    setDraft(next);
    onChange(listChanges(next.entries, next.removed, rows.pk, kind.sortField) ?? undefined);
  }
  const add = (entries: ListEntry[]) => update({ ...current, entries: [...current.entries, ...entries] });
  const named = (label: string) => (kind.kind === 'm2a' ? `${collectionName(target)}: ${label}` : label);
  const link = (ref: Key | Item): Item =>
    kind.kind === 'm2m'
      ? { [kind.junctionField]: ref }
      : kind.kind === 'm2a'
        ? { [kind.collectionField]: target, [kind.itemField]: ref }
        : {};
  return {
    rows,
    current,
    chosen: (items: Picked[]) =>
      add(
        items.map(({ key, label }) => ({
          id: newId(),
          label: named(label),
          ref: `${target}/${key}`,
          ...(kind.kind === 'o2m' ? { key } : { create: link(key) }),
        })),
      ),
    created: (data: Item, label: string) =>
      add([{ id: newId(), label: named(label), create: kind.kind === 'o2m' ? data : link(data) }]),
    move: (from: number, to: number) => update({ ...current, entries: moveEntry(current.entries, from, to) }),
    remove: (id: string) => update(removeEntry(current.entries, current.removed, id)),
  };
}

/**
 * A one-to-many, many-to-many or many-to-any field: its items in order, adding existing ones, creating
 * new ones, removing and reordering; every change goes into the item's save as one nested write.
 */
export function RelatedList(props: Props) {
  const { field, kind, readOnly } = props;
  const { t } = useTranslation('relations');
  const fieldName = useFieldName()(field);
  const [dialog, setDialog] = useState<'pick' | 'create' | null>(null);
  const [anyCollection, setAnyCollection] = useState(kind.kind === 'm2a' ? kind.allowed[0] : '');
  const target = kind.kind === 'm2a' ? anyCollection : listTarget(kind);
  const { rows, current, chosen, created, move, remove } = useListDraft(props, target);
  return (
    <section className="field related-list" aria-label={fieldName}>
      <h2>{fieldName}</h2>
      {rows.error ? <p role="alert">{rows.error.message}</p> : !rows.ready && <p role="status">{t('loading')}</p>}
      {rows.ready && current.entries.length === 0 && <p>{t('list.empty')}</p>}
      <EntryList
        entries={current.entries}
        sortable={kind.sortField !== null && !readOnly}
        readOnly={readOnly}
        move={move}
        remove={remove}
      />
      {!readOnly && (
        <div className="toolbar">
          {kind.kind === 'm2a' && (
            <CollectionChoice
              allowed={kind.allowed}
              fieldName={fieldName}
              value={anyCollection}
              onChange={setAnyCollection}
            />
          )}
          <button type="button" className="secondary" onClick={() => setDialog('pick')}>
            {t('list.addExisting', { field: fieldName })}
          </button>
          <button type="button" className="secondary" onClick={() => setDialog('create')}>
            {t('list.createNew', { field: fieldName })}
          </button>
        </div>
      )}
      <ListDialogs
        dialog={dialog}
        target={target}
        kind={kind}
        entries={current.entries}
        onClose={() => setDialog(null)}
        onChoose={chosen}
        onCreate={created}
      />
    </section>
  );
}

interface DialogsProps {
  dialog: 'pick' | 'create' | null;
  target: string;
  kind: ListKind;
  entries: ListEntry[];
  onClose: () => void;
  onChoose: (items: Picked[]) => void;
  onCreate: (data: Item, label: string) => void;
}

/** The open dialog, if any: picking existing items (those already listed left out), or creating a new one. */
function ListDialogs({ dialog, target, kind, entries, onClose, onChoose, onCreate }: DialogsProps) {
  const taken = new Set(
    entries.filter((e) => e.ref?.startsWith(`${target}/`)).map((e) => e.ref!.slice(target.length + 1)),
  );
  return (
    <Suspense fallback={null}>
      {dialog === 'pick' && (
        <ItemPicker collection={target} opened multiple exclude={taken} onClose={onClose} onChoose={onChoose} />
      )}
      {dialog === 'create' && (
        <NewItemDialog
          collection={target}
          omit={kind.kind === 'o2m' ? kind.parentField : undefined}
          onClose={onClose}
          onCreate={onCreate}
        />
      )}
    </Suspense>
  );
}

interface EntryListProps {
  entries: ListEntry[];
  sortable: boolean;
  readOnly: boolean;
  move: (from: number, to: number) => void;
  remove: (id: string) => void;
}

/** The entries in order; with a sort field, each moves by drag and drop or by its up and down buttons. */
function EntryList({ entries, sortable, readOnly, move, remove }: EntryListProps) {
  const { t } = useTranslation('relations');
  const [dragged, setDragged] = useState<number>();
  return (
    <ol>
      {entries.map((entry, index) => (
        <li
          key={entry.id}
          draggable={sortable}
          onDragStart={() => setDragged(index)}
          onDragOver={(e) => sortable && e.preventDefault()}
          onDrop={() => dragged !== undefined && (move(dragged, index), setDragged(undefined))}
        >
          {entry.ref && entry.linked ? (
            <Link to={`/content/${entry.ref.split('/').map(encodeURIComponent).join('/')}`}>{entry.label}</Link>
          ) : (
            <span>{entry.label}</span>
          )}
          {!entry.linked && <em> {t('list.unsaved')}</em>}
          {sortable && (
            <>
              <button
                type="button"
                className="secondary"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={t('list.up', { name: entry.label })}
              >
                ↑
              </button>
              <button
                type="button"
                className="secondary"
                disabled={index === entries.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={t('list.down', { name: entry.label })}
              >
                ↓
              </button>
            </>
          )}
          {!readOnly && (
            <button type="button" className="secondary" onClick={() => remove(entry.id)}>
              {t('list.remove', { name: entry.label })}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

function CollectionChoice({
  allowed,
  fieldName,
  value,
  onChange,
}: {
  allowed: string[];
  fieldName: string;
  value: string;
  onChange: (c: string) => void;
}) {
  const { t } = useTranslation('relations');
  const collectionName = useCollectionName();
  return (
    <label>
      {t('list.collection', { field: fieldName })}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {allowed.map((c) => (
          <option key={c} value={c}>
            {collectionName(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
