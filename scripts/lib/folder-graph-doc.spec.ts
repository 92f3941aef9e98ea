import { folderGraph, CruisedModule } from './folder-cycles';
import { directArrows, embedGraph, GRAPH_END, GRAPH_START, mermaidBlock } from './folder-graph-doc';

const mod = (source: string, ...resolved: string[]): CruisedModule => ({
  source,
  dependencies: resolved.map((r) => ({ resolved: r })),
});
const inSrc = (folder: string) => folder.startsWith('src/');

describe('directArrows', () => {
  it.each<[string, CruisedModule[], [string, string][]]>([
    ['one import', [mod('src/modules/a/x.ts', 'src/common/c.ts')], [['src/modules/a', 'src/common']]],
    [
      'an import a longer path already implies is left out',
      [
        mod('src/modules/a/x.ts', 'src/modules/b/y.ts', 'src/common/c.ts'),
        mod('src/modules/b/y.ts', 'src/database/d.ts'),
        mod('src/database/d.ts', 'src/common/c.ts'),
      ],
      [
        ['src/database', 'src/common'],
        ['src/modules/a', 'src/modules/b'],
        ['src/modules/b', 'src/database'],
      ],
    ],
    [
      'folders outside the chosen tree are no node',
      [mod('src/modules/a/x.ts', 'src/common/c.ts'), mod('admin/src/pages/P.tsx', 'admin/src/api.ts')],
      [['src/modules/a', 'src/common']],
    ],
  ])('%s', (_, modules, arrows) => expect(directArrows(folderGraph(modules), inSrc)).toEqual(arrows));
});

describe('mermaidBlock', () => {
  it('declares each folder once, named without the prefix, then the arrows', () => {
    expect(mermaidBlock([['src/modules/rate-limiter', 'src/common']], 'src/')).toBe(
      [
        '```mermaid',
        'flowchart TD',
        '  common["common"]',
        '  modules_rate_limiter["modules/rate-limiter"]',
        '  modules_rate_limiter --> common',
        '```',
      ].join('\n'),
    );
  });
});

describe('embedGraph', () => {
  const doc = (inner: string) => `# Title\n${GRAPH_START}\n${inner}\n${GRAPH_END}\n\nMore.\n`;

  it('replaces what the markers hold', () => expect(embedGraph(doc('old'), 'new')).toBe(doc('new')));
  it('leaves a current graph as it is', () => expect(embedGraph(doc('same'), 'same')).toBe(doc('same')));
  it('answers null without the markers', () => expect(embedGraph('# Title\n', 'new')).toBeNull());
});
