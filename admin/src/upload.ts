import { ErrorBody, errorOf, networkError } from './api';

/**
 * Sends one file as the `file` part of a multipart body with XMLHttpRequest, whose upload events give
 * the progress fetch cannot; answers the body's `data` (undefined when the body is empty). Not in api.ts,
 * which the unit tests also compile for Node, where there is no XMLHttpRequest.
 */
export function sendWithProgress<T>(
  method: string,
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      const body = parseJson(xhr.responseText) as { data?: T } & ErrorBody;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data as T);
      else reject(errorOf(xhr.status, body));
    };
    const form = new FormData();
    // Fields go before the file part: the server reads them before it stores the bytes.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
