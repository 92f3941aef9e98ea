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
  ] as const)('keeps the snapshot object in %s', async (format, parse) => {
    expect(parse(await serializeSnapshot(sample, format))).toEqual(sample);
  });

  it('writes CSV as one row with the lists as JSON cells', async () => {
    const [row] = parseCsv<Record<string, string>>(await serializeSnapshot(sample, 'csv'), { columns: true });
    expect(row.vendor).toBe('sqlite');
    expect(JSON.parse(row.collections)).toEqual(sample.collections);
  });

  it('writes XML under a data root', async () => {
    const parsed = new XMLParser().parse(await serializeSnapshot(sample, 'xml'));
    expect(JSON.stringify(parsed.data)).toContain('articles');
  });
});
