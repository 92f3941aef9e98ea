import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import { JunctionInput, manyToAnyPlan, manyToManyPlan } from '../../junction-plan';
import { CollectionRow, userCollections } from './DataModelList';
import { createJunction, linkCollections, primaryKeyType } from './link-collections';
import { fieldText } from '../../format';

type Kind = 'm2o' | 'o2m' | 'm2m' | 'm2a';
const KINDS: Kind[] = ['m2o', 'o2m', 'm2m', 'm2a'];

interface Props {
  collection: string;
  onAdded: () => void;
  onError: (message: string) => void;
}

/** Makes the relation the form describes, each kind in the steps the API needs. */
async function addRelation(kind: Kind, collection: string, data: FormData): Promise<void> {
  const text = (name: string) => fieldText(data, name).trim();
  if (kind === 'm2o')
    return linkCollections(collection, text('field'), text('other'), text('list') || null, text('on_delete'));
  if (kind === 'o2m') return linkCollections(text('other'), text('key'), collection, text('field'), text('on_delete'));
  const input: JunctionInput = {
    collection,
    field: text('field'),
    junction: text('junction'),
    keyType: await primaryKeyType(collection),
    onDelete: text('on_delete'),
    sorted: data.get('sorted') === 'on',
  };
  if (kind === 'm2m')
    return createJunction(collection, manyToManyPlan(input, text('other'), await primaryKeyType(text('other'))));
  return createJunction(collection, manyToAnyPlan(input, data.getAll('allowed').map(String)));
}

/** The form adding a relation of any kind to the collection. */
export function AddRelation({ collection, onAdded, onError }: Props) {
  const { t } = useTranslation('datamodel');
  const collections = useQuery({
    queryKey: ['model-collections'],
    queryFn: () => api<CollectionRow[]>('GET', '/collections'),
  });
  const [kind, setKind] = useState<Kind>('m2o');
  const own = userCollections(collections.data ?? [])
    .filter((c) => c.schema !== null)
    .map((c) => c.collection);
  const targets = kind === 'm2a' ? own : [...own, 'svc_users', 'svc_files'];
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (kind === 'm2a' && new FormData(form).getAll('allowed').length === 0) return onError(t('relations.allowedNone'));
    await addRelation(kind, collection, new FormData(form)).then(
      () => (form.reset(), onAdded()),
      (e: ApiError) => onError(e.message),
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('relations.add')}>
      <h3>{t('relations.add')}</h3>
      <label>
        {t('relations.kind')}
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`relations.kindOption.${k}`, { collection })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t(kind === 'm2o' ? 'relations.keyFieldHere' : 'relations.listFieldHere')}
        <input name="field" required pattern="[A-Za-z0-9_\-]+" />
      </label>
      {kind === 'm2a' ? <AllowedCollections targets={targets} /> : <RelatedCollection targets={targets} />}
      <KindFields kind={kind} collection={collection} />
      <label>
        {t(kind === 'm2m' || kind === 'm2a' ? 'relations.onDeleteParent' : 'relations.onDelete')}
        <select name="on_delete" defaultValue={kind === 'm2m' || kind === 'm2a' ? 'CASCADE' : 'SET NULL'} key={kind}>
          {['SET NULL', 'CASCADE', 'RESTRICT'].map((action) => (
            <option key={action} value={action}>
              {t(`relations.onDeleteOption.${action.replace(' ', '_')}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{t('relations.submit')}</button>
    </form>
  );
}

function RelatedCollection({ targets }: { targets: string[] }) {
  const { t } = useTranslation('datamodel');
  return (
    <label>
      {t('relations.related')}
      <select name="other" required>
        {targets.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    </label>
  );
}

function AllowedCollections({ targets }: { targets: string[] }) {
  const { t } = useTranslation('datamodel');
  return (
    <fieldset>
      <legend>{t('relations.allowed')}</legend>
      {targets.map((c) => (
        <label key={c} className="inline">
          <input type="checkbox" name="allowed" value={c} /> {c}
        </label>
      ))}
    </fieldset>
  );
}

/** What each kind asks beyond the field and the related side: the other side's field, or the junction. */
function KindFields({ kind, collection }: { kind: Kind; collection: string }) {
  const { t } = useTranslation('datamodel');
  if (kind === 'm2o') {
    return (
      <label>
        {t('relations.listFieldThere')}
        <input name="list" pattern="[A-Za-z0-9_\-]+" />
      </label>
    );
  }
  if (kind === 'o2m') {
    return (
      <label>
        {t('relations.keyFieldThere')}
        <input name="key" required pattern="[A-Za-z0-9_\-]+" />
      </label>
    );
  }
  return (
    <>
      <label>
        {t('relations.junction')}
        <input name="junction" required pattern="[A-Za-z0-9_\-]+" defaultValue={`${collection}_related`} key={kind} />
      </label>
      <label className="inline">
        <input type="checkbox" name="sorted" /> {t('relations.sorted')}
      </label>
    </>
  );
}
