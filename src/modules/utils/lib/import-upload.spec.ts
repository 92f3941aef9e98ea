import { Readable } from 'node:stream';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../../common/errors/errors';
import { readImportRows } from './import-rows';
import { importUpload } from './import-upload';

const BOUNDARY = 'vellum-boundary';

type Part = { name: string; filename?: string; type?: string; content: string };

function multipart(parts: Part[]): Readable {
  const body = parts
    .map(
      (p) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n` +
        `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.content}\r\n`,
    )
    .join('');
  return Readable.from([Buffer.from(`${body}--${BOUNDARY}--\r\n`)]);
}

const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

async function rowsOf(parts: Part[]) {
  const upload = await importUpload(HEADERS, multipart(parts));
  const rows = [];
  for await (const row of readImportRows(upload.stream, upload.format)) rows.push(row.data);
  return { format: upload.format, filename: upload.filename, rows };
}

describe(importUpload.name, () => {
  it.each([
    ['a JSON file', 'application/json', '[{"id":1},{"id":2}]', 'json', [{ id: 1 }, { id: 2 }]],
    ['a CSV file', 'text/csv', 'id;title\n1;a\n', 'csv', [{ id: '1', title: 'a' }]],
    ['an Excel-typed CSV file', 'application/vnd.ms-excel', 'id\n3\n', 'csv', [{ id: '3' }]],
  ])('streams %s', async (_name, type, content, format, rows) => {
    expect(await rowsOf([{ name: 'file', filename: 'data.x', type, content }])).toEqual({ format, filename: 'data.x', rows });
  });

  it('skips text fields before the file and parts after it', async () => {
    const result = await rowsOf([
      { name: 'note', content: 'hello' },
      { name: 'file', filename: 'a.json', type: 'application/json', content: '[{"a":1}]' },
      { name: 'file', filename: 'b.json', type: 'application/json', content: '[{"b":2}]' },
    ]);
    expect(result.rows).toEqual([{ a: 1 }]);
  });

  it.each([
    ['a JSON body', { 'content-type': 'application/json' }, [], UnsupportedMediaTypeError],
    ['no content type', {}, [], UnsupportedMediaTypeError],
    ['a multipart body without a boundary', { 'content-type': 'multipart/form-data' }, [], InvalidPayloadError],
    ['no file part', HEADERS, [{ name: 'note', content: 'x' }], InvalidPayloadError],
    ['a file of another type', HEADERS, [{ name: 'file', filename: 'a.txt', type: 'text/plain', content: 'x' }], UnsupportedMediaTypeError],
  ] as [string, Record<string, string>, Part[], typeof InvalidPayloadError][])('refuses %s', async (_name, headers, parts, errorClass) => {
    await expect(importUpload(headers, multipart(parts))).rejects.toBeInstanceOf(errorClass);
  });
});
