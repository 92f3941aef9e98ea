import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, ApiError } from '../../api';
import { Folder, folderPath } from '../../folder-path';
import { fieldText } from '../../format';

/** Every folder, once: the tree is small, and both the library and the file page need names and parents. */
export function useFolders() {
  return useQuery({
    queryKey: ['folders'],
    queryFn: () => api<Folder[]>('GET', '/folders?limit=-1&sort=name&fields=id,name,parent'),
  });
}

const link = (id: string | null) => (id ? `/files?folder=${encodeURIComponent(id)}` : '/files');

/** The breadcrumb of the open folder, its subfolders, and a form to make a new one inside it. */
export function FolderBar({ folder }: { folder: string | null }) {
  const { t } = useTranslation('files');
  const folders = useFolders();
  const [error, setError] = useState<string>();
  const all = folders.data ?? [];
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = fieldText(new FormData(form), 'name').trim();
    await api('POST', '/folders', { name, parent: folder }).then(
      () => (form.reset(), setError(undefined), void folders.refetch()),
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <div className="folders">
      <nav aria-label={t('folderPath')}>
        <Link to={link(null)}>{t('allFiles')}</Link>
        {folderPath(all, folder).map((f) => (
          <span key={f.id}>
            {' / '}
            <Link to={link(f.id)}>{f.name}</Link>
          </span>
        ))}
      </nav>
      <ul className="choices" aria-label={t('folders')}>
        {all
          .filter((f) => f.parent === folder)
          .map((f) => (
            <li key={f.id}>
              <Link to={link(f.id)}>📁 {f.name}</Link>
            </li>
          ))}
      </ul>
      <form className="toolbar" onSubmit={(event) => void create(event)} aria-label={t('newFolder')}>
        <label>
          {t('newFolderHere')}
          <input name="name" required />
        </label>
        <button type="submit">{t('createFolder')}</button>
        {error && <p role="alert">{error}</p>}
      </form>
    </div>
  );
}

/** Moves a file between folders (PATCH /files/:id). */
export function FolderSelect({ value, onChange }: { value: string | null; onChange: (folder: string | null) => void }) {
  const folders = useFolders();
  const { t } = useTranslation('files');
  return (
    <label>
      {t('folder')}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t('noFolder')}</option>
        {(folders.data ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {folderPath(folders.data ?? [], f.id)
              .map((p) => p.name)
              .join(' / ')}
          </option>
        ))}
      </select>
    </label>
  );
}
