import { jsonText } from '../format';
import { FocusTrap } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { can, canWriteField, useAccess } from '../access';
import { api, ApiError } from '../api';
import { relationOf, useRelations } from '../relations';
import { notifyDone } from '../shell/notify';
import { CloseOnEscape, useSaveShortcut } from '../shell/keys';
import { useCollectionName } from '../shell/studio-data';
import { Failure } from '../shell/Failure';
import { FieldInput } from './FieldInput';
import { Field, fetchFields, primaryKey } from '../fields';
import { RelatedList } from './RelatedList';
import { FileField, ManyToOnePicker } from './RelationInputs';
import { CompareVersion, Version, VersionSwitcher } from './Versions';

type Item = Record<string, unknown>;

const ItemSidebar = lazy(() => import('./sidebar/ItemSidebar'));

/** Loads an item and keeps the unsaved edits; `+` creates, `singleton` is the collection's only item. */
function useItemEditor(collection: string, id: string, version?: Version) {
  const isNew = id === '+';
  const mainPath = id === 'singleton' ? `/items/${collection}` : `/items/${collection}/${encodeURIComponent(id)}`;
  const path = version ? `${mainPath}?version=${encodeURIComponent(version.key)}` : mainPath;
  const { t } = useTranslation('relations');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const item = useQuery({ queryKey: ['item', path], queryFn: () => api<Item>('GET', path), enabled: !isNew });
  const [edits, setEdits] = useState<Item>({});
  const [error, setError] = useState<ApiError>();
  // Leaving after a save or a delete is intended: the guard must not ask about edits just written.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      Object.keys(edits).length > 0 && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => setEdits({}), [path]);

  async function leaveTo(to: string) {
    leaving.current = true;
    await queryClient.invalidateQueries({ queryKey: ['items', collection] });
    void navigate(to, { replace: isNew });
    leaving.current = false;
  }
  async function save() {
    setError(undefined);
    try {
      // Edits made while a version is selected go to the version and leave the main item as it is.
      const [method, target] = version
        ? ['POST', `/versions/${version.id}/save`]
        : [isNew ? 'POST' : 'PATCH', isNew ? `/items/${collection}` : path];
      const result = await api<Item>(method, target, edits);
      if (isNew)
        return leaveTo(`/content/${collection}/${encodeURIComponent(String(result[primaryKey(fields.data ?? [])]))}`);
      setEdits({});
      notifyDone(t('item.saved'));
      // Nested writes changed related rows: their lists read them again.
      await Promise.all([item.refetch(), queryClient.invalidateQueries({ queryKey: ['items'] })]);
    } catch (e) {
      setError(e as ApiError);
    }
  }
  async function remove() {
    if (!window.confirm(t('item.confirmDelete'))) return;
    await api('DELETE', mainPath).then(
      () => (notifyDone(t('item.deleted')), leaveTo(`/content/${collection}`)),
      setError,
    );
  }
  // A list field edited back to what is stored hands `undefined`: no edit left, nothing to guard.
  const edit = (field: string, value: unknown) =>
    setEdits((current) => {
      const rest = Object.fromEntries(Object.entries(current).filter(([key]) => key !== field));
      return value === undefined ? rest : { ...rest, [field]: value };
    });
  return { isNew, fields, item, edits, edit, error, save, remove, blocker };
}

/** One item's form: save, delete with confirmation, API errors beside their fields, a guard on unsaved edits. */
export function ItemForm() {
  const { collection, id } = useParams() as { collection: string; id: string };
  const [version, setVersion] = useState<Version>();
  const { isNew, fields, item, edits, edit, error, save, remove, blocker } = useItemEditor(collection, id, version);
  const { t } = useTranslation('relations');
  const access = useAccess();
  const form = useRef<HTMLFormElement>(null);
  useSaveShortcut(form);
  if (fields.error || item.error)
    return (
      <Failure
        error={(fields.error ?? item.error)!}
        retry={() => void Promise.all([fields.refetch(), item.refetch()])}
      />
    );
  if (!fields.data || (!isNew && !item.data)) return <p role="status">{t('loading')}</p>;
  const pk = primaryKey(fields.data);
  // A new item's list fields are written with it (nested); other alias fields show nothing.
  const shown = fields.data.filter((f) => !f.meta?.hidden && !(isNew && f.schema?.has_auto_increment));
  const mayWrite = can(access.data, collection, isNew ? 'create' : 'update') || version !== undefined;
  const deletable = !isNew && id !== 'singleton' && can(access.data, collection, 'delete');
  return (
    <section>
      <ItemHeading collection={collection} itemKey={isNew ? undefined : jsonText(item.data?.[pk] ?? '')} />
      <VersionBar collection={collection} id={id} isNew={isNew} version={version} onSelect={setVersion} />
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-label={t('item.form')}
      >
        <FormFields
          collection={collection}
          fields={shown}
          item={item.data ?? {}}
          pk={pk}
          edits={edits}
          isNew={isNew}
          error={error}
          onEdit={edit}
        />
        {error && !error.field && <p role="alert">{error.message}</p>}
        <div className="toolbar">
          {mayWrite && <button type="submit">{isNew ? t('item.create') : t('item.save')}</button>}
          {deletable && <DeleteButton onDelete={() => void remove()} />}
        </div>
      </form>
      {!isNew && id !== 'singleton' && !version && item.data && (
        <Suspense fallback={null}>
          <ItemSidebar collection={collection} item={String(item.data[pk])} current={item.data} />
        </Suspense>
      )}
      {blocker.state === 'blocked' && (
        <UnsavedDialog onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
      )}
    </section>
  );
}

interface VersionBarProps {
  collection: string;
  id: string;
  isNew: boolean;
  version: Version | undefined;
  onSelect: (version: Version | undefined) => void;
}

/** For a versioned collection's item: choosing a version, and comparing it with the main item to promote it. */
function VersionBar({ collection, id, isNew, version, onSelect }: VersionBarProps) {
  const { t } = useTranslation('relations');
  const [comparing, setComparing] = useState(false);
  const meta = useQuery({
    queryKey: ['collection', collection],
    queryFn: () => api<{ meta?: { versioning?: boolean } | null }>('GET', `/collections/${collection}`),
  });
  const versioned = Boolean(meta.data?.meta?.versioning) && !isNew && id !== 'singleton';
  return (
    <>
      {versioned && (
        <VersionSwitcher
          collection={collection}
          item={id}
          selected={version}
          onSelect={(v) => (onSelect(v), setComparing(false))}
        />
      )}
      {version && (
        <button type="button" className="secondary" onClick={() => setComparing(!comparing)}>
          {comparing ? t('item.closeComparison') : t('item.compare')}
        </button>
      )}
      {version && comparing && (
        <CompareVersion version={version} onPromoted={() => (onSelect(undefined), setComparing(false))} />
      )}
    </>
  );
}

/** The item's title: its collection and key, or that it is new. */
function ItemHeading({ collection, itemKey }: { collection: string; itemKey: string | undefined }) {
  const { t } = useTranslation('relations');
  const collectionName = useCollectionName();
  return (
    <h1>
      {itemKey === undefined
        ? t('item.newTitle', { collection: collectionName(collection) })
        : t('item.title', { collection: collectionName(collection), key: itemKey })}
    </h1>
  );
}

interface FieldsProps {
  collection: string;
  fields: Field[];
  item: Item;
  pk: string;
  edits: Item;
  isNew: boolean;
  error: ApiError | undefined;
  onEdit: (field: string, value: unknown) => void;
}

/** The form's fields, each with its edit over the stored value and the API's message about it. */
function FormFields({ collection, fields, item, pk, edits, isNew, error, onEdit }: FieldsProps) {
  const access = useAccess();
  const writable = (f: Field) =>
    canWriteField(access.data, collection, isNew ? 'create' : 'update', f.field) &&
    !f.meta?.readonly &&
    (isNew || f.field !== pk);
  return fields.map((f) => (
    <FormField
      key={f.field}
      collection={collection}
      itemId={jsonText(item[pk] ?? '')}
      field={f}
      value={f.field in edits ? edits[f.field] : item[f.field]}
      readOnly={!writable(f)}
      error={error?.field === f.field ? error.message : undefined}
      onChange={(v) => onEdit(f.field, v)}
    />
  ));
}

function DeleteButton({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation('relations');
  return (
    <button type="button" className="danger" onClick={onDelete}>
      {t('item.delete')}
    </button>
  );
}

interface FormFieldProps {
  collection: string;
  itemId: string;
  field: Field;
  value: unknown;
  readOnly: boolean;
  error?: string;
  onChange: (value: unknown) => void;
}

/** The input for one field: a relation's own widget, or the one that fits the field's type. */
function FormField(props: FormFieldProps) {
  const relations = useRelations();
  const relation = relationOf(relations.data ?? [], props.collection, props.field.field);
  if (relation?.kind === 'o2m' || relation?.kind === 'm2m' || relation?.kind === 'm2a')
    return <RelatedList {...props} kind={relation} />;
  if (props.field.type === 'alias') return null;
  if (relation?.kind === 'file') return <FileField {...props} />;
  if (relation?.kind === 'm2o') return <ManyToOnePicker {...props} related={relation.related} />;
  return <FieldInput {...props} />;
}

function UnsavedDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation('relations');
  return (
    <FocusTrap active>
      <div role="alertdialog" aria-label={t('unsaved.title')}>
        <CloseOnEscape onClose={onStay} />
        <p>{t('unsaved.question')}</p>
        <button type="button" className="danger" onClick={onLeave}>
          {t('unsaved.leave')}
        </button>
        <button type="button" className="secondary" onClick={onStay} autoFocus data-autofocus>
          {t('unsaved.stay')}
        </button>
      </div>
    </FocusTrap>
  );
}
