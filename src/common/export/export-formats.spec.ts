import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import type { ExportFormat } from '../query/query.types';
import {
  csvFields,
  EXPORT_FORMATS,
  flattenKeys,
  isExportFormat,
  serializePages,
  serializeRows,
  SerializerOptions,
} from './export-formats';

async function serialize(
  format: ExportFormat,
  rows: Record<string, unknown>[],
  options?: SerializerOptions,
): Promise<string> {
  let out = '';
  for await (const chunk of serializeRows(format, rows, options)) out += chunk;
  return out;
}

async function* slowly<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}

const rows = [
  { id: 1, title: 'Hello, "world"', author: { name: 'Ada', address: { city: 'Paris' } }, tags: ['a', 'b'], done: true },
  { id: 2, title: 'Line\nbreak', author: null, tags: [], done: false },
];

describe(serializeRows.name, () => {
  it.each([[[]], [rows], [[{ a: { b: [1, { c: 'd' }] }, e: null }]]])(
    'json writes the bytes of a tab-indented JSON array for %j',
    async (input) => {
      expect(await serialize('json', input)).toBe(JSON.stringify(input, null, '\t'));
    },
  );

  it.each([
    [
      'nested objects flattened with dots',
      'csv',
      rows,
      undefined,
      'id,title,author.name,author.address.city,tags,done\n' +
        '1,"Hello, ""world""",Ada,Paris,"[""a"",""b""]",true\n' +
        '2,"Line\nbreak",,,[],false\n',
    ],
    [
      'columns from fields',
      'csv',
      rows,
      ['title', 'author.name'],
      'title,author.name\n"Hello, ""world""",Ada\n"Line\nbreak",\n',
    ],
    ['an object in one column', 'csv', [{ author: { name: 'Ada' } }], ['author'], 'author\n"{""name"":""Ada""}"\n'],
    ['no rows, known fields', 'csv', [], ['id', 'title'], 'id,title\n'],
    ['no rows, no fields', 'csv', [], undefined, ''],
    [
      'dates and bigints',
      'csv',
      [{ when: new Date('2024-01-02T03:04:05.000Z'), big: 10n }],
      undefined,
      'when,big\n2024-01-02T03:04:05.000Z,10\n',
    ],
    [
      'numbers, booleans and spaces kept by quoting',
      'csv',
      [{ n: 1.5, ok: false, s: ' x ' }],
      undefined,
      'n,ok,s\n1.5,false," x "\n',
    ],
    ['a byte order mark', 'csv_utf8', [{ name: 'Zoë' }], undefined, '\uFEFFname\nZoë\n'],
  ] as [string, ExportFormat, Record<string, unknown>[], string[] | undefined, string][])(
    '%s: %s',
    async (_name, format, input, fields, expected) => {
      expect(await serialize(format, input, fields ? { fields } : undefined)).toBe(expected);
    },
  );

  it('csv round-trips through a CSV parser', async () => {
    const parsed = parseCsv(await serialize('csv', rows), { columns: true });
    expect(parsed).toEqual([
      {
        id: '1',
        title: 'Hello, "world"',
        'author.name': 'Ada',
        'author.address.city': 'Paris',
        tags: '["a","b"]',
        done: 'true',
      },
      { id: '2', title: 'Line\nbreak', 'author.name': '', 'author.address.city': '', tags: '[]', done: 'false' },
    ]);
  });

  it.each([
    [[], { data: '' }],
    [[{ id: 1, title: 'a < b & c' }], { data: { item: { id: 1, title: 'a < b & c' } } }],
    [
      [{ id: 1, author: { name: 'Ada' }, tags: ['x', 'y'] }, { id: 2 }],
      { data: { item: [{ id: 1, author: { name: 'Ada' }, tags: ['x', 'y'] }, { id: 2 }] } },
    ],
    [[{ 'my field': 1, '2nd': 2 }], { data: { item: { my_field: 1, _2nd: 2 } } }],
    [[{ body: 'one\n\ntwo\n  three' }], { data: { item: { body: 'one\n\ntwo\n  three' } } }],
  ])('xml of %j parses back to %j', async (input, expected) => {
    const xml = await serialize('xml', input);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<data>')).toBe(true);
    expect(new XMLParser({ ignoreDeclaration: true }).parse(xml)).toEqual(expected);
  });

  it.each([
    [[]],
    [rows],
    [[{ when: 'x: y', list: [{ a: 1 }] }]],
    [[{}, { a: {} }, { b: [] }]],
    [[{ true: 'yes', null: 'no', 'a key: with colon': '#not a comment', '': 'empty key', déjà: 'vu' }]],
    [
      [
        {
          s: 'true',
          n: '123',
          e: '',
          multi: 'one\ntwo\r\n\ttab',
          q: '"quoted" \\ back',
          odd: '\u0085\u2028\u007f\u0001',
        },
      ],
    ],
    [[{ nested: [[1, 2], [], [{ deep: { deeper: [null, false, -1.5e-7] } }]] }]],
  ])('yaml of %j parses back to the rows', async (input) => {
    expect(parseYaml(await serialize('yaml', input))).toEqual(input);
  });

  it('yaml writes block style', async () => {
    expect(await serialize('yaml', [{ id: 1, author: { name: 'Ada' }, tags: ['a'] }])).toBe(
      '- id: 1\n  author:\n    name: "Ada"\n  tags:\n    - "a"\n',
    );
  });

  it('yaml writes dates as ISO strings', async () => {
    expect(parseYaml(await serialize('yaml', [{ at: new Date('2024-01-02T03:04:05.000Z') }]))).toEqual([
      { at: '2024-01-02T03:04:05.000Z' },
    ]);
  });

  it.each(EXPORT_FORMATS.map((f) => [f]))('%s gives the same output for an asynchronous source', async (format) => {
    let streamed = '';
    for await (const chunk of serializeRows(format, slowly(rows))) streamed += chunk;
    expect(streamed).toBe(await serialize(format, rows));
  });
});

describe('values nested past the export depth', () => {
  const deepText = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it.each(EXPORT_FORMATS.map((f) => [f]))(
    '%s writes 98 levels as structure and 20,000 without overflowing',
    async (format) => {
      const shallow = await serialize(format, [{ id: 1, meta: JSON.parse(deepText(98)) }]);
      if (format === 'json') expect(JSON.parse(shallow)).toEqual([{ id: 1, meta: JSON.parse(deepText(98)) }]);
      if (format === 'xml') expect(shallow.match(/<a>/g)).toHaveLength(98);
      const deep = await serialize(format, [{ id: 1, meta: JSON.parse(deepText(20_000)) }]);
      expect(deep.length).toBeGreaterThan(20_000 * 4);
    },
  );

  it('xml and yaml write the part past the limit as its JSON text', async () => {
    const meta = JSON.parse(deepText(150));
    const xml = await serialize('xml', [{ meta }]);
    expect(xml).toContain(`<a>${deepText(51).replace(/"/g, '&quot;')}</a>`);
    const yaml = parseYaml(await serialize('yaml', [{ meta }])) as Record<string, unknown>[];
    // Every level is kept: those written as mappings, then the rest inside the JSON text.
    let value: unknown = yaml[0].meta;
    let mappings = 0;
    for (; typeof value === 'object'; mappings++) value = (value as Record<string, unknown>).a;
    expect(mappings + (value as string).split('{').length - 1).toBe(150);
  });
});

describe(flattenKeys.name, () => {
  it.each([
    [{ a: 1, b: { c: 2, d: { e: 3 } } }, ['a', 'b.c', 'b.d.e']],
    [{ a: [1, 2], b: {}, c: null }, ['a', 'b', 'c']],
  ])('%j → %j', (row, expected) => expect(flattenKeys(row)).toEqual(expected));
});

describe(csvFields.name, () => {
  it('collects every column in order of first appearance', () => {
    expect(csvFields([{ a: 1 }, { b: { c: 1 }, a: 2 }, { d: 1 }])).toEqual(['a', 'b.c', 'd']);
  });
});

describe(isExportFormat.name, () => {
  it.each([
    ['csv', true],
    ['csv_utf8', true],
    ['yaml', true],
    ['xlsx', false],
    [['csv'], false],
    [undefined, false],
  ])('%j → %s', (value, expected) => expect(isExportFormat(value)).toBe(expected));
});

describe('csvFields with a path rule', () => {
  it.each([
    [() => true, ['id', 'data.a', 'data.b.c', 'author.name']],
    [(path: string) => path === 'author', ['id', 'data', 'author.name']],
    [() => false, ['id', 'data', 'author']],
  ])('expands only where allowed (%#)', (expand, expected) => {
    const rows = [{ id: 1, data: { a: 1, b: { c: 2 } }, author: { name: 'x' } }];
    expect(csvFields(rows, expand)).toEqual(expected);
  });
});

describe(serializePages.name, () => {
  const rows = [
    { id: 1, title: 'plain', meta: { a: 1 } },
    { id: 2, title: 'with "quotes", commas\nand lines', meta: null },
    { id: 3, title: '', meta: { b: [1, 2] } },
    { id: 4, title: 'last', meta: { a: 2 } },
  ];
  async function text(chunks: AsyncIterable<string>): Promise<string> {
    let out = '';
    for await (const chunk of chunks) out += chunk;
    return out;
  }
  async function* pagesOf(list: (typeof rows)[]): AsyncGenerator<typeof rows> {
    for (const page of list) yield page;
  }

  it.each(EXPORT_FORMATS.map((format) => [format]))(
    'writes %s a page at a time exactly as row by row',
    async (format) => {
      const expected = await text(serializeRows(format, rows));
      for (const split of [[rows], [rows.slice(0, 1), rows.slice(1)], [[], rows.slice(0, 3), rows.slice(3)]]) {
        expect(await text(serializePages(format, pagesOf(split)))).toBe(expected);
      }
    },
  );
});
