import { Folder, folderPath } from './folder-path';

const folders: Folder[] = [
  { id: 'a', name: 'Photos', parent: null },
  { id: 'b', name: '2026', parent: 'a' },
  { id: 'c', name: 'Summer', parent: 'b' },
  { id: 'x', name: 'Loop one', parent: 'y' },
  { id: 'y', name: 'Loop two', parent: 'x' },
];

describe('folderPath', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['a', ['Photos']],
    ['c', ['Photos', '2026', 'Summer']],
    ['missing', []],
    ['x', ['Loop two', 'Loop one']],
  ])('%s → %j', (id, names) => {
    expect(folderPath(folders, id).map((f) => f.name)).toEqual(names);
  });
});
