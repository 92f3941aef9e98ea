import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { InvalidPayloadError } from '../../../common/errors/errors';
import {
  csvCellValue,
  csvColumns,
  detectDelimiter,
  ImportFormat,
  ImportRow,
  importFormatOf,
  readImportRows,
} from './import-rows';

/** Feeds `text` in chunks of `size` bytes, so every token boundary is crossed somewhere. */
async function* chunked(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(text: string, format: ImportFormat, size = 1 << 16): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const row of readImportRows(chunked(text, size), format)) rows.push(row);
  return rows;
}

const CHUNK_SIZES = [1, 2, 3, 7, 1 << 16];

const nestedText = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('readImportRows: JSON', () => {
  it.each<[string, string, Omit<ImportRow, 'row'>[]]>([
    ['an empty array', '[]', []],
    ['one row', '[{"a":1}]', [{ line: 1, data: { a: 1 } }]],
    [
      'rows on their own lines, nested values',
      '[\n  {"id": 1, "author": {"name": "Ada"}},\n  {"id": 2,\n   "tags": ["x", {"y": [1]}]},\n  {"id": 3}\n]\n',
      [
        { line: 2, data: { id: 1, author: { name: 'Ada' } } },
        { line: 3, data: { id: 2, tags: ['x', { y: [1] }] } },
        { line: 5, data: { id: 3 } },
      ],
    ],
    [
      'brackets, braces, quotes and escapes inside strings',
      '[{"s": "a]b}c{d[e\\"f\\\\", "u": "\\u00e9\\n"}, {"t": "\\\\"}]',
      [
        { line: 1, data: { s: 'a]b}c{d[e"f\\', u: 'é\n' } },
        { line: 1, data: { t: '\\' } },
      ],
    ],
    ['multi-byte characters', '[{"name": "Zoë 日本 🎉"}]', [{ line: 1, data: { name: 'Zoë 日本 🎉' } }]],
    [
      'a byte order mark and CRLF line ends',
      '\uFEFF[\r\n{"a": true},\r\n{"a": null}\r\n]',
      [
        { line: 2, data: { a: true } },
        { line: 3, data: { a: null } },
      ],
    ],
  ])('reads %s in any chunking', async (_name, text, expected) => {
    for (const size of CHUNK_SIZES) {
      const rows = await read(text, 'json', size);
      expect(rows).toEqual(expected.map((r, i) => ({ row: i + 1, ...r })));
    }
  });

  it.each([
    ['an object at the top', '{"a": 1}', /Line 1: .*top-level array/],
    ['an empty file', '  \n', /the file is empty/],
    ['a row that is not an object', '[{"a":1}, 2]', /row 2 is not an object/],
    ['a missing comma', '[{"a":1}\n{"a":2}]', /Line 2: expected "," or "\]"/],
    ['a trailing comma', '[{"a":1},]', /row 2 is not an object/],
    ['broken JSON inside a row', '[{"a":1},\n{"a":}]', /Line 2: invalid JSON/],
    ['an unclosed array', '[{"a":1}', /ends before the top-level array is closed/],
    ['an unclosed row', '[{"a":"1}]', /ends before the top-level array is closed/],
    ['content after the array', '[{"a":1}] []', /after the top-level array/],
    [
      'a __proto__ member',
      '[{"a":1},\n{"a":2,"__proto__":{"z":1}}]',
      /Line 2: the record may not use "__proto__" as a key/,
    ],
    [
      'a nested constructor member',
      '[{"a":{"constructor":{"prototype":{"z":1}}}}]',
      /Line 1: the record may not use "constructor"/,
    ],
    [
      'an escaped __proto__ member',
      '[{"a":1},{"\\u005f_proto__":{"z":1}}]',
      /Line 1: the record may not use "__proto__"/,
    ],
    [
      'a record 101 levels deep',
      `[{"a":1},\n{"m":${nestedText(100)}}]`,
      /Line 2: the record is nested deeper than 100 levels/,
    ],
    [
      'a record 200,000 levels deep',
      `[{"m":${nestedText(200_000)}}]`,
      /Line 1: the record is nested deeper than 100 levels/,
    ],
  ])('refuses %s with INVALID_PAYLOAD', async (_name, text, message) => {
    const attempt = read(text, 'json', 3);
    await expect(attempt).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(read(text, 'json', 3)).rejects.toThrow(message);
  });
});

describe('readImportRows: nesting', () => {
  it.each(CHUNK_SIZES)('reads a record exactly 100 levels deep in pieces of %i characters', async (size) => {
    const rows = await read(`[{"m":${nestedText(99)}}]`, 'json', size);
    expect(rows[0].data.m).toEqual(JSON.parse(nestedText(99)));
  });

  it.each([1, 3, 1 << 16])('refuses a record 101 levels deep in pieces of %i characters', async (size) => {
    await expect(read(`[{"m":${nestedText(100)}}]`, 'json', size)).rejects.toThrow(/nested deeper than 100 levels/);
  });
});

describe('readImportRows: CSV', () => {
  it.each<[string, string, Omit<ImportRow, 'row'>[]]>([
    ['only a header', 'id,title\n', []],
    ['an empty file', '', []],
    [
      'commas, cells JSON-parsed except numbers, empty cells omitted',
      'id,title,published,meta,tags,note\n1,Hello,true,"{""a"":1}","[1,2]",\n2,"x, y",false,null,,plain text\n',
      [
        { line: 2, data: { id: '1', title: 'Hello', published: true, meta: { a: 1 }, tags: [1, 2] } },
        { line: 3, data: { id: '2', title: 'x, y', published: false, meta: null, note: 'plain text' } },
      ],
    ],
    [
      'semicolons, quoted embedded newlines, empty lines skipped',
      'id;body\n1;"line one\nline two; still"\n\n2;"say ""hi"""\n',
      [
        { line: 2, data: { id: '1', body: 'line one\nline two; still' } },
        { line: 5, data: { id: '2', body: 'say "hi"' } },
      ],
    ],
    ['tabs, a BOM and CRLF', '\uFEFFid\tname\r\n7\tZoë\r\n', [{ line: 2, data: { id: '7', name: 'Zoë' } }]],
    [
      'dotted headers building nested objects, trimmed headers',
      ' id , author.name,author.address.city\n1,Ada,Paris\n2,,\n',
      [
        { line: 2, data: { id: '1', author: { name: 'Ada', address: { city: 'Paris' } } } },
        { line: 3, data: { id: '2' } },
      ],
    ],
    ['a short row, read as empty trailing cells', 'a,b,c\n1,2\n', [{ line: 2, data: { a: '1', b: '2' } }]],
    ['a quoted header with the delimiter inside', '"a,b";c\n1;2\n', [{ line: 2, data: { 'a,b': '1', c: '2' } }]],
    [
      'CR line ends, quoted CRLF and CR line breaks counted',
      'id,body\r1,"one\r\ntwo\rthree"\r2,x\r',
      [
        { line: 2, data: { id: '1', body: 'one\r\ntwo\rthree' } },
        { line: 5, data: { id: '2', body: 'x' } },
      ],
    ],
  ])('reads %s in any chunking', async (_name, text, expected) => {
    for (const size of CHUNK_SIZES) {
      const rows = await read(text, 'csv', size);
      expect(rows).toEqual(expected.map((r, i) => ({ row: i + 1, ...r })));
    }
  });

  it.each([
    ['a row with too many cells', 'a,b\n1,2\n1,2,3\n', /Line 3/],
    ['an unclosed quote', 'a,b\n1,"open\n', /Line 2/],
    ['text after a closing quote', 'a,b\n\n1,"x"y\n', /Line 3/],
    ['a duplicate column', 'a,b,a\n1,2,3\n', /Line 1: column "a" appears twice/],
    ['an empty column name', 'a,,b\n1,2,3\n', /Line 1: column 2 has no valid name/],
    ['clashing columns', 'author,author.name\nx,y\n', /Line 1: columns "author" and "author.name"/],
    [
      'a column through __proto__',
      'title,__proto__.z\nhello,1\n',
      /Line 1: column "__proto__.z" may not use "__proto__" as a key/,
    ],
    [
      'a column through constructor.prototype',
      'title,owner.constructor.prototype.z\nhello,1\n',
      /Line 1: column .* may not use "constructor"/,
    ],
    [
      'a JSON cell holding prototype',
      'title,data\nhello,"{""prototype"":{""z"":1}}"\n',
      /Line 2: the record may not use "prototype"/,
    ],
    [
      'a JSON cell 101 levels deep',
      `title,data\nhello,"${nestedText(101).replace(/"/g, '""')}"\n`,
      /Line 2: the record is nested deeper than 100 levels/,
    ],
  ])('refuses %s with INVALID_PAYLOAD naming the line', async (_name, text, message) => {
    await expect(read(text, 'csv')).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(read(text, 'csv')).rejects.toThrow(message);
  });
});

/** A full garbage collection on demand, whether or not Node was started with --expose-gc. */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('readImportRows: large files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vellum-import-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function writeFile(name: string, lines: (i: number) => string, head: string, tail: string, count: number) {
    const path = join(dir, name);
    const out = createWriteStream(path);
    out.write(head);
    for (let i = 1; i <= count; i++) {
      if (!out.write(lines(i))) await once(out, 'drain');
    }
    out.end(tail);
    await once(out, 'finish');
    return path;
  }

  const ROWS = 200_000;
  const PAYLOAD = 'x'.repeat(200);

  it.each<[ImportFormat, () => Promise<string>]>([
    ['csv', () => writeFile('big.csv', (i) => `${i},"title ${i}, quoted",${PAYLOAD}\n`, 'id,title,body\n', '', ROWS)],
    [
      'json',
      () =>
        writeFile(
          'big.json',
          (i) => `${i > 1 ? ',' : ''}\n{"id":${i},"title":"title ${i}, quoted","body":"${PAYLOAD}"}`,
          '[',
          '\n]',
          ROWS,
        ),
    ],
  ])(
    'reads 200,000 %s rows with bounded memory',
    async (format, make) => {
      const path = await make();
      // What is held, not garbage V8 has yet to collect: Papa Parse's rows can be allocated straight into
      // the old generation (V8's pretenuring), where they wait for a full collection.
      const gc = collectGarbage();
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      let count = 0;
      let lastLine = 0;
      for await (const row of readImportRows(createReadStream(path), format)) {
        count++;
        lastLine = row.line;
        if (count % 10_000 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
        if (count === ROWS)
          expect(row.data).toEqual({
            id: format === 'csv' ? String(ROWS) : ROWS,
            title: `title ${ROWS}, quoted`,
            body: PAYLOAD,
          });
      }
      expect(count).toBe(ROWS);
      expect(lastLine).toBe(ROWS + 1);
      // The file is about 45 MB (and several times that as JS objects); reading it must not hold it.
      expect(peak).toBeLessThan(40 * 1024 * 1024);
    },
    120_000,
  );
});

describe(importFormatOf.name, () => {
  it.each([
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    ['text/csv', 'csv'],
    ['TEXT/CSV;charset=UTF-8', 'csv'],
    ['application/vnd.ms-excel', 'csv'],
    ['text/plain', null],
    [undefined, null],
  ])('%s → %s', (type, expected) => expect(importFormatOf(type)).toBe(expected));
});

describe(detectDelimiter.name, () => {
  it.each([
    ['a,b,c', ','],
    ['a;b;c', ';'],
    ['a\tb\tc', '\t'],
    ['"x;y;z",b', ','],
    ['single', ','],
    ['a;b,c;d', ';'],
  ])('%j → %j', (header, expected) => expect(detectDelimiter(header)).toBe(expected));
});

describe(csvCellValue.name, () => {
  it.each([
    ['true', true],
    ['false', false],
    ['null', null],
    ['{"a":[1]}', { a: [1] }],
    ['[1,"x"]', [1, 'x']],
    ['42', '42'],
    ['3.14', '3.14'],
    ['007', '007'],
    ['"quoted"', 'quoted'],
    ['plain text', 'plain text'],
    ['{broken', '{broken'],
  ])('%j → %j', (cell, expected) => expect(csvCellValue(cell)).toEqual(expected));
});

describe(csvColumns.name, () => {
  it.each([
    [
      ['id', 'title'],
      [['id'], ['title']],
    ],
    [
      [' a ', 'b.c.d'],
      [['a'], ['b', 'c', 'd']],
    ],
    [
      ['author.name', 'author.email'],
      [
        ['author', 'name'],
        ['author', 'email'],
      ],
    ],
  ])('%j → %j', (header, expected) => expect(csvColumns(header)).toEqual(expected));

  it.each([
    [['a', 'a']],
    [['']],
    [['a.']],
    [['a', 'a.b']],
    [['a.b', 'a']],
    [['title', '__proto__.z']],
    [['title', '__proto__']],
    [['owner.constructor.prototype.z']],
    [['owner.prototype']],
  ])('refuses %j', (header) => expect(() => csvColumns(header)).toThrow(InvalidPayloadError));
});
