import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../format';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, apiBody } from '../../api';
import { Failure } from '../../shell/Failure';
import { humanSize } from './upload';
import { Uploader } from './Uploader';
import { TableHead } from '../TableHead';
import { FolderBar } from './Folders';

export interface FileRow {
  id: string;
  title: string | null;
  type: string | null;
  filename_download: string;
  filesize: number | null;
  width: number | null;
  height: number | null;
  uploaded_on: string | null;
}

const FIELDS = 'id,title,type,filename_download,filesize,width,height,uploaded_on';

/** The kinds of file a library is filtered by, as a filter on the MIME type. */
const KINDS: Record<string, object | undefined> = {
  all: undefined,
  images: { type: { _starts_with: 'image/' } },
  videos: { type: { _starts_with: 'video/' } },
  audio: { type: { _starts_with: 'audio/' } },
  documents: { _or: [{ type: { _starts_with: 'application/' } }, { type: { _starts_with: 'text/' } }] },
};

function libraryQuery(search: string, kind: string, folder: string | null): URLSearchParams {
  const params = new URLSearchParams({ fields: FIELDS, sort: '-uploaded_on', limit: '100', meta: 'filter_count' });
  if (search) params.set('search', search);
  const filters = [KINDS[kind], folder ? { folder: { _eq: folder } } : undefined].filter(Boolean);
  if (filters.length) params.set('filter', JSON.stringify({ _and: filters }));
  return params;
}

/** A thumbnail from /assets (a small stored variant, never the original), or the file's type for others. */
export function Thumbnail({ file, size }: { file: FileRow; size: number }) {
  if (!file.type?.startsWith('image/')) return <span className="filetype">{file.type ?? 'file'}</span>;
  return (
    <img
      src={`/assets/${file.id}?width=${size}&height=${size}&fit=cover`}
      alt={file.title ?? file.filename_download}
      width={size}
      height={size}
      loading="lazy"
    />
  );
}

/** The file library: search, a grid of thumbnails or a list, and uploads. */
export function FilesLibrary() {
  const { t, i18n } = useTranslation('files');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [kind, setKind] = useState('all');
  const folder = useSearchParams()[0].get('folder');
  const params = libraryQuery(search, kind, folder);
  const files = useQuery({
    queryKey: ['files', params.toString()],
    queryFn: () => apiBody<FileRow[]>('GET', `/files?${params}`),
  });
  return (
    <section>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        <label>
          {t('search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {t('kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {Object.keys(KINDS).map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="secondary"
          aria-pressed={view === 'list'}
          onClick={() => setView(view === 'grid' ? 'list' : 'grid')}
        >
          {t(view === 'grid' ? 'showList' : 'showGrid')}
        </button>
      </div>
      <FolderBar folder={folder} />
      <Uploader folder={folder} onUploaded={() => void files.refetch()} />
      <ImportFromUrl onImported={() => void files.refetch()} />
      {files.error && <Failure error={files.error} retry={() => void files.refetch()} />}
      <p role="status">
        {t('count', {
          count: files.data?.meta?.filter_count ?? 0,
          formatted: formatNumber(files.data?.meta?.filter_count ?? 0, i18n.language),
        })}
      </p>
      {view === 'grid' ? <Grid files={files.data?.data ?? []} /> : <List files={files.data?.data ?? []} />}
    </section>
  );
}

/** POST /files/import: the server fetches the file itself (its own address rules apply). */
function ImportFromUrl({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation('files');
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const url = new FormData(form).get('url');
    setMessage(undefined);
    await api<{ filename_download: string }>('POST', '/files/import', { url }).then(
      (file) => (
        setMessage({ text: t('imported', { name: file.filename_download }), error: false }),
        form.reset(),
        onImported()
      ),
      (e: Error) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <form className="toolbar" onSubmit={(event) => void submit(event)} aria-label={t('importFromUrl')}>
      <label>
        {t('importUrl')}
        <input name="url" type="url" required placeholder="https://…" />
      </label>
      <button type="submit">{t('import')}</button>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}

function Grid({ files }: { files: FileRow[] }) {
  const { t } = useTranslation('files');
  return (
    <ul className="grid" aria-label={t('title')}>
      {files.map((f) => (
        <li key={f.id}>
          <Link to={`/files/${f.id}`}>
            <Thumbnail file={f} size={160} />
            <span>{f.title ?? f.filename_download}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function List({ files }: { files: FileRow[] }) {
  const { t, i18n } = useTranslation('files');
  return (
    <table aria-label={t('title')}>
      <TableHead labels={[t('fileTitle'), t('type'), t('size'), t('uploaded')]} />
      <tbody>
        {files.map((f) => (
          <tr key={f.id}>
            <td>
              <Link to={`/files/${f.id}`}>{f.title ?? f.filename_download}</Link>
            </td>
            <td>{f.type}</td>
            <td>{humanSize(f.filesize)}</td>
            <td>{formatDateTime(f.uploaded_on, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
