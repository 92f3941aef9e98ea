import { CruisedModule, cycleEdges, folderCycles, folderGraph, folderOf } from './folder-cycles';

const mod = (source: string, ...resolved: string[]): CruisedModule => ({
  source,
  dependencies: resolved.map((r) => ({ resolved: r })),
});

describe('folderOf', () => {
  it.each<[string, string | null]>([
    ['src/modules/users/lib/password-policy.ts', 'src/modules/users'],
    ['src/modules/users/users.service.ts', 'src/modules/users'],
    ['src/common/query/parse-query.ts', 'src/common'],
    ['src/database/run-sql.ts', 'src/database'],
    ['src/app.module.ts', 'src/app.module.ts'],
    ['src/modules/loose.ts', 'src/modules'],
    ['admin/src/pages/roles/RolePage.tsx', 'admin/src/pages'],
    ['admin/src/shell/Failure.tsx', 'admin/src/shell'],
    ['admin/src/api.ts', 'admin/src/api.ts'],
    ['node_modules/typeorm/index.js', null],
    ['test/helpers/app.ts', null],
  ])('%s', (path, folder) => expect(folderOf(path)).toBe(folder));
});

describe('folderCycles', () => {
  it.each<[string, CruisedModule[], string[][]]>([
    ['no imports', [mod('src/common/a.ts')], []],
    [
      'imports inside one folder only',
      [mod('src/common/a.ts', 'src/common/q/b.ts'), mod('src/common/q/b.ts', 'src/common/a.ts')],
      [],
    ],
    ['one way down', [mod('src/modules/users/u.ts', 'src/common/a.ts')], []],
    [
      'two folders through different files',
      [mod('src/modules/a/x.ts', 'src/modules/b/y.ts'), mod('src/modules/b/z.ts', 'src/modules/a/w.ts')],
      [['src/modules/a', 'src/modules/b']],
    ],
    [
      'three folders in a ring, one folder beside it',
      [
        mod('src/modules/a/x.ts', 'src/modules/b/y.ts'),
        mod('src/modules/b/y.ts', 'src/common/c.ts'),
        mod('src/common/c.ts', 'src/modules/a/x.ts'),
        mod('src/modules/d/d.ts', 'src/modules/a/x.ts'),
      ],
      [['src/common', 'src/modules/a', 'src/modules/b']],
    ],
    [
      'the Studio: a page and the frame through different files',
      [
        mod('admin/src/pages/Content.tsx', 'admin/src/shell/AppFrame.tsx'),
        mod('admin/src/shell/Nav.tsx', 'admin/src/pages/grid/presets.ts'),
      ],
      [['admin/src/pages', 'admin/src/shell']],
    ],
    ['packages are no folder', [mod('src/common/a.ts', 'node_modules/x/index.js')], []],
  ])('%s', (_, modules, cycles) => expect(folderCycles(folderGraph(modules))).toEqual(cycles));
});

describe('cycleEdges', () => {
  it('names one import for each arrow of the cycle', () => {
    const graph = folderGraph([
      mod('src/modules/a/x.ts', 'src/modules/b/y.ts', 'src/common/c.ts'),
      mod('src/modules/b/z.ts', 'src/modules/a/w.ts'),
    ]);
    expect(cycleEdges(graph, ['src/modules/a', 'src/modules/b'])).toEqual([
      'src/modules/a -> src/modules/b (src/modules/a/x.ts -> src/modules/b/y.ts)',
      'src/modules/b -> src/modules/a (src/modules/b/z.ts -> src/modules/a/w.ts)',
    ]);
  });
});
