import { ApiError } from '../../api';

/**
 * Sends one file to the library (POST /files, or PATCH /files/:id to replace its contents) with
 * XMLHttpRequest, whose upload events give the progress fetch cannot; the API's error body becomes an
 * ApiError with its message.
 */
export function sendFile(file: File, onProgress: (fraction: number) => void, replaceId?: string, folder?: string | null): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(replaceId ? 'PATCH' : 'POST', replaceId ? `/files/${encodeURIComponent(replaceId)}` : '/files');
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'The server cannot be reached. Check the connection and retry.'));
    request.onload = () => {
      const body = parse(request.responseText) as { data?: { id: string }; errors?: { message?: string; extensions?: { code?: string } }[] };
      if (request.status >= 200 && request.status < 300 && body.data) return resolve(body.data);
      const first = body.errors?.[0];
      reject(new ApiError(request.status, first?.extensions?.code, first?.message ?? `The server answered ${request.status}.`));
    };
    const form = new FormData();
    // Fields before the file part: the server reads them before it stores the bytes.
    if (folder) form.append('folder', folder);
    form.append('file', file);
    request.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** Sizes as people read them. */
export function humanSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
