import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { DropZone } from '../DropZone';
import { sendFile } from './upload';

interface Upload {
  name: string;
  progress: number;
  error?: string;
  done: boolean;
}

/** Several files by input or drag and drop, each with its own progress bar and, when refused, the API's reason. */
export function Uploader({ folder, onUploaded }: { folder: string | null; onUploaded: () => void }) {
  const { t } = useTranslation('files');
  const [uploads, setUploads] = useState<Upload[]>([]);
  async function start(files: File[]) {
    const offset = uploads.length;
    setUploads((list) => [...list, ...files.map((f) => ({ name: f.name, progress: 0, done: false }))]);
    const update = (index: number, change: Partial<Upload>) =>
      setUploads((list) => list.map((u, i) => (i === offset + index ? { ...u, ...change } : u)));
    await Promise.all(
      files.map((file, index) =>
        sendFile(file, (progress) => update(index, { progress }), undefined, folder)
          .then(() => update(index, { progress: 1, done: true }))
          .catch((e: Error) => update(index, { error: e.message, done: true })),
      ),
    );
    onUploaded();
  }
  return (
    <DropZone onFiles={(files) => void start(files)}>
      <label>
        {t('upload')}
        <input type="file" multiple onChange={(e) => void start([...(e.target.files ?? [])])} />
      </label>
      <ul className="uploads">
        {uploads.map((u, i) => (
          <li key={i}>
            {u.name} <progress aria-label={t('uploadOf', { name: u.name })} max={1} value={u.progress} />
            {u.error ? (
              <span role="alert"> {t('refused', { name: u.name, reason: u.error })}</span>
            ) : u.done ? (
              <span role="status"> {t('uploadedOne', { name: u.name })}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </DropZone>
  );
}
