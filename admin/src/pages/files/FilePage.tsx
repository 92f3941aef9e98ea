import { useTranslation } from 'react-i18next';
import { formatDateTime, jsonText } from '../../format';
import { useQuery } from '@tanstack/react-query';
import { ChangeEvent, FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { FileRow, Thumbnail } from './FilesLibrary';
import { FolderSelect } from './Folders';
import { humanSize, sendFile } from './upload';

interface FileDetail extends FileRow {
  folder: string | null;
  description: string | null;
  duration: number | null;
  tags: string[] | null;
  metadata: Record<string, unknown> | null;
}

/** One file: its metadata, title and description, replace the contents, download, delete. */
export function FilePage() {
  const { t } = useTranslation('files');
  const id = useParams().id!;
  const file = useQuery({
    queryKey: ['file', id],
    queryFn: () => api<FileDetail>('GET', `/files/${encodeURIComponent(id)}`),
  });
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  if (file.error) return <Failure error={file.error} retry={() => void file.refetch()} />;
  if (!file.data) return <p role="status">{t('common:loading')}</p>;
  const f = file.data;
  const report = (text: string, error = false) => setMessage({ text, error });
  return (
    <section>
      <h1>{f.title ?? f.filename_download}</h1>
      <Thumbnail file={f} size={320} />
      <Details file={f} />
      <DetailsForm
        file={f}
        onSaved={() => (report(t('saved')), void file.refetch())}
        onError={(e) => report(e.message, true)}
      />
      <FolderSelect
        value={f.folder}
        onChange={(folder) =>
          void api('PATCH', `/files/${id}`, { folder }).then(
            () => (report(t('moved')), file.refetch()),
            (e: ApiError) => report(e.message, true),
          )
        }
      />
      <ReplaceInput
        id={id}
        onReplaced={() => (report(t('replaced')), file.refetch())}
        onError={(e) => report(e.message, true)}
      />
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      <FileActions file={f} onError={(e) => report(e.message, true)} />
    </section>
  );
}

interface ReplaceProps {
  id: string;
  onReplaced: () => unknown;
  onError: (error: ApiError) => void;
}

/** New contents for the file, with the upload's progress. */
function ReplaceInput({ id, onReplaced, onError }: ReplaceProps) {
  const { t } = useTranslation('files');
  const [progress, setProgress] = useState<number>();
  async function replace(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    await sendFile(chosen, setProgress, id).then(onReplaced).catch(onError);
    setProgress(undefined);
  }
  return (
    <>
      <label>
        {t('replace')}
        <input type="file" onChange={(event) => void replace(event)} />
      </label>
      {progress !== undefined && <progress aria-label={t('replacing')} max={1} value={progress} />}
    </>
  );
}

/** Downloading the file, and deleting it once confirmed (back to the library then). */
function FileActions({ file, onError }: { file: FileDetail; onError: (error: ApiError) => void }) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  async function remove() {
    if (!window.confirm(t('deleteConfirm', { name: file.title ?? file.filename_download }))) return;
    await api('DELETE', `/files/${file.id}`).then(() => navigate('/files'), onError);
  }
  return (
    <div className="toolbar">
      <a href={`/assets/${file.id}?download`} download={file.filename_download}>
        {t('download')}
      </a>
      <button type="button" className="danger" onClick={() => void remove()}>
        {t('deleteFile')}
      </button>
    </div>
  );
}

function Details({ file }: { file: FileDetail }) {
  const { t, i18n } = useTranslation('files');
  const rows: [string, string][] = [
    [t('fileName'), file.filename_download],
    [t('type'), file.type ?? ''],
    [t('size'), humanSize(file.filesize)],
    [t('dimensions'), file.width && file.height ? `${file.width} × ${file.height}` : ''],
    [t('duration'), file.duration ? `${(file.duration / 1000).toFixed(1)} s` : ''],
    [t('tags'), (file.tags ?? []).join(', ')],
    [t('uploaded'), formatDateTime(file.uploaded_on, i18n.language)],
    ...Object.entries(file.metadata ?? {}).map(([k, v]): [string, string] => [k, jsonText(v)]),
  ];
  return (
    <dl className="details">
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

interface FormProps {
  file: FileDetail;
  onSaved: () => void;
  onError: (error: ApiError) => void;
}

function DetailsForm({ file, onSaved, onError }: FormProps) {
  const { t } = useTranslation('files');
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await api('PATCH', `/files/${file.id}`, {
      title: form.get('title'),
      description: form.get('description') || null,
    }).then(onSaved, onError);
  }
  return (
    <form onSubmit={(event) => void save(event)} aria-label={t('details')}>
      <label>
        {t('fileTitle')}
        <input name="title" defaultValue={file.title ?? ''} key={`title-${file.title}`} />
      </label>
      <label>
        {t('description')}
        <textarea
          name="description"
          rows={3}
          defaultValue={file.description ?? ''}
          key={`description-${file.description}`}
        />
      </label>
      <button type="submit">{t('save')}</button>
    </form>
  );
}
