import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { collection, field, snapshot } from './schema-fixtures';
import { serializeSnapshot } from './serialize-snapshot';

const sample = snapshot({ collections: [collection('articles')], fields: [field('articles', 'title')] });

describe(serializeSnapshot.name, () => {
  it.each([
    ['json', (body: string) => JSON.parse(body)],
    ['yaml', (body: string) => parseYaml(body)],
  ] as const)('keeps the snapshot object in %s', (format, parse) => {
    expect(parse(serializeSnapshot(sample, format).body)).toEqual(sample);
  });

  it('writes CSV as one row with nested members as JSON cells', () => {
    const [row] = parseCsv(serializeSnapshot(sample, 'csv').body, { columns: true }) as Record<string, string>[];
    expect(row.vendor).toBe('sqlite');
    expect(JSON.parse(row.collections)).toEqual(sample.collections);
  });

  it('starts csv_utf8 with a byte order mark', () => {
    expect(serializeSnapshot(sample, 'csv_utf8').body.startsWith('\uFEFF')).toBe(true);
  });

  it('writes XML under a data root', () => {
    const parsed = new XMLParser().parse(serializeSnapshot(sample, 'xml').body);
    expect(parsed.data.collections.collection).toBe('articles');
    expect(serializeSnapshot(sample, 'xml').contentType).toBe('text/xml; charset=utf-8');
  });
});
