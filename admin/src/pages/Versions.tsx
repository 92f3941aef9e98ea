import { jsonText } from '../format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api';
import { toggled } from './sets';

export interface Version {
  id: string;
  key: string;
  name: string | null;
}

interface Comparison {
  mainHash: string;
  current: Record<string, unknown>;
  main: Record<string, unknown>;
}

interface SwitcherProps {
  collection: string;
  item: string;
  selected?: Version;
  onSelect: (version?: Version) => void;
}

const show = (v: unknown) => (v === null || v === undefined ? '' : jsonText(v));

/** The item's versions, and creating, renaming and deleting one; the one changed (or none) is selected after. */
function useVersions({ collection, item, selected, onSelect }: SwitcherProps) {
  const { t } = useTranslation('versions');
  const queryClient = useQueryClient();
  const queryKey = ['versions', collection, item];
  const versions = useQuery({
    queryKey,
    queryFn: () =>
      api<Version[]>(
        'GET',
        `/versions?filter[collection][_eq]=${collection}&filter[item][_eq]=${encodeURIComponent(item)}`,
      ),
  });
  async function change(run: () => Promise<Version | void>) {
    const result = await run();
    await queryClient.invalidateQueries({ queryKey });
    onSelect(result ?? undefined);
  }
  const create = () => {
    const name = window.prompt(t('newName'));
    if (name)
      void change(() =>
        api<Version>('POST', '/versions', {
          key: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          name,
          collection,
          item,
        }),
      );
  };
  const rename = () => {
    const name = window.prompt(t('rename'), selected!.name ?? '');
    if (name) void change(() => api<Version>('PATCH', `/versions/${selected!.id}`, { name }));
  };
  const remove = () => {
    if (window.confirm(t('deleteConfirm', { name: selected!.name })))
      void change(() => api('DELETE', `/versions/${selected!.id}`));
  };
  return { versions, create, rename, remove };
}

/** Main and each version of the item; create, rename and delete a version. */
export function VersionSwitcher(props: SwitcherProps) {
  const { selected, onSelect } = props;
  const { t } = useTranslation('versions');
  const { versions, create, rename, remove } = useVersions(props);
  return (
    <div className="toolbar">
      <label>
        {t('version')}
        <select
          value={selected?.id ?? ''}
          onChange={(e) => onSelect(versions.data?.find((v) => v.id === e.target.value))}
        >
          <option value="">{t('main')}</option>
          {versions.data?.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name ?? v.key}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="secondary" onClick={create}>
        {t('create')}
      </button>
      {selected && (
        <>
          <button type="button" className="secondary" onClick={rename}>
            {t('renameVersion')}
          </button>
          <button type="button" className="danger" onClick={remove}>
            {t('deleteVersion')}
          </button>
        </>
      )}
    </div>
  );
}

/** Main and the version side by side, changed fields marked and picked for promotion. */
export function CompareVersion({ version, onPromoted }: { version: Version; onPromoted: () => void }) {
  const { t } = useTranslation('versions');
  const queryClient = useQueryClient();
  const comparison = useQuery({
    queryKey: ['compare', version.id],
    queryFn: () => api<Comparison>('GET', `/versions/${version.id}/compare`),
  });
  const [picked, setPicked] = useState<Set<string>>();
  const [message, setMessage] = useState<string>();
  if (comparison.error) return <p role="alert">{comparison.error.message}</p>;
  if (!comparison.data) return <p role="status">{t('comparing')}</p>;
  const { main, current, mainHash } = comparison.data;
  const changed = Object.keys(current).filter((f) => f in main && show(current[f]) !== show(main[f]));
  const fields = picked ?? new Set(changed);
  async function promote() {
    try {
      await api('POST', `/versions/${version.id}/promote`, { mainHash, fields: [...fields] });
      await queryClient.invalidateQueries({ queryKey: ['item'] });
      onPromoted();
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 422)) return setMessage((e as Error).message);
      setMessage(t('stale'));
      await comparison.refetch();
    }
  }
  return (
    <section aria-label={t('compareLabel')}>
      <h2>{t('compareTitle', { name: version.name })}</h2>
      <ComparisonTable
        changed={changed}
        main={main}
        current={current}
        picked={fields}
        onToggle={(f) => setPicked(toggled(fields, f))}
      />
      {message && <p role="alert">{message}</p>}
      <button type="button" onClick={() => void promote()} disabled={fields.size === 0}>
        {t('promoteSelected')}
      </button>
    </section>
  );
}

interface TableProps {
  changed: string[];
  main: Record<string, unknown>;
  current: Record<string, unknown>;
  picked: Set<string>;
  onToggle: (field: string) => void;
}

function ComparisonTable({ changed, main, current, picked, onToggle }: TableProps) {
  const { t } = useTranslation('versions');
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('promote')}</th>
          <th scope="col">{t('field')}</th>
          <th scope="col">{t('main')}</th>
          <th scope="col">{t('version')}</th>
        </tr>
      </thead>
      <tbody>
        {changed.map((f) => (
          <tr key={f} className="changed">
            <td>
              <input
                type="checkbox"
                aria-label={t('promoteField', { field: f })}
                checked={picked.has(f)}
                onChange={() => onToggle(f)}
              />
            </td>
            <th scope="row">{t('changed', { field: f })}</th>
            <td>{show(main[f])}</td>
            <td>{show(current[f])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
