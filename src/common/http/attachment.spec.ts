import { attachmentDisposition, exportFileName } from './attachment';

describe(exportFileName.name, () => {
  const date = new Date(2026, 0, 2, 3, 4, 5);
  it.each([
    ['articles', 'csv', 'articles 20260102-030405.csv'],
    [null, 'yaml', 'Export 20260102-030405.yaml'],
  ])('%s, %s → %s', (collection, extension, expected) =>
    expect(exportFileName(collection, extension, date)).toBe(expected),
  );
});

describe(attachmentDisposition.name, () => {
  it.each([
    ['Export 20260102-030405.csv', 'attachment; filename="Export 20260102-030405.csv"'],
    ['say "hi".json', 'attachment; filename="say \\"hi\\".json"'],
    ['café.csv', `attachment; filename="caf?.csv"; filename*=UTF-8''caf%C3%A9.csv`],
  ])('%s → %s', (name, expected) => expect(attachmentDisposition(name)).toBe(expected));
});
