import { PassThrough, Readable } from 'node:stream';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../../common/errors/errors';
import { readImportRows } from './import-rows';
import { importUpload } from './import-upload';

function part(type: string, content: string | Readable) {
  return {
    stream: typeof content === 'string' ? Readable.from([Buffer.from(content)]) : content,
    filename: 'data.x',
    type,
    fields: {},
  };
}

async function rowsOf(type: string, content: string) {
  const upload = importUpload(part(type, content));
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
    expect(await rowsOf(type, content)).toEqual({ format, filename: 'data.x', rows });
  });

  it.each([['text/plain'], ['application/octet-stream'], ['']])('refuses a file part of type "%s" with 415', (type) => {
    expect(() => importUpload(part(type, '[]'))).toThrow(UnsupportedMediaTypeError);
  });

  it('turns a part cut off in the middle into INVALID_PAYLOAD for its reader', async () => {
    const source = new PassThrough();
    const upload = importUpload(part('application/json', source));
    source.write('[{"a":1},');
    source.destroy(new Error('Unexpected end of form'));
    const read = async () => {
      for await (const row of readImportRows(upload.stream, upload.format)) void row;
    };
    await expect(read()).rejects.toBeInstanceOf(InvalidPayloadError);
  });
});
