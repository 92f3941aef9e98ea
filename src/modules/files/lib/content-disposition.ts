/**
 * `Content-Disposition` for a download name (RFC 6266): an ASCII fallback in `filename` and the
 * exact UTF-8 name in `filename*`, so quotes, non-ASCII letters and header injection are harmless.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const header = `${type}; filename="${fallback}"`;
  if (fallback === filename) return header;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${header}; filename*=UTF-8''${encoded}`;
}
