import { sendWithProgress } from '../../upload';

/** Sends one file to the library (POST /files, or PATCH /files/:id to replace its contents), with its upload progress. */
export function sendFile(
  file: File,
  onProgress: (fraction: number) => void,
  replaceId?: string,
  folder?: string | null,
): Promise<{ id: string }> {
  return replaceId
    ? sendWithProgress('PATCH', `/files/${encodeURIComponent(replaceId)}`, file, onProgress)
    : sendWithProgress('POST', '/files', file, onProgress, folder ? { folder } : {});
}

/** Sizes as people read them. */
export function humanSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
