/** API.md 2.1: `<collection or "Export"> <yyyyMMdd-HHmmss>.<ext>`, the reference platform's download name. */
export function exportFileName(collection: string | null, extension: string, date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `${collection ?? 'Export'} ${stamp}.${extension}`;
}

/** As Express's `res.attachment()`: a plain filename, plus an RFC 5987 one when the name is not ASCII. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&');
  return /^[\x20-\x7e]*$/.test(name)
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
