import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/**
 * The repository is self-contained (issue 28): every section the code cites by number lives in its own
 * docs, and nothing cites a path outside the repository, which a clone does not have.
 */
const ROOT = join(__dirname, '..');
const CODE_DIRS = ['src', 'admin/src', 'test', 'scripts', 'bench', '.ci'];
const ROOT_FILES = [
  'README.md',
  'Dockerfile',
  'docker-compose.yml',
  'package.json',
  'docs/API.md',
  'docs/ARCHITECTURE.md',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'uploads', 'coverage', 'test-artifacts']);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.md',
  '.sh',
  '.yml',
  '.yaml',
  '.html',
  '.css',
  '',
]);

const SECTION = String.raw`\d+(?:\.\d+)*`;
/** `API.md 2.1`, `API.md 6.2, 6.4`, `API.md 5.1-5.3`, `API.md 5.2/5.3`, `API.md (sections 3.8, 4.1)`, `API.md §11`. */
const citation = (document: string) =>
  new RegExp(String.raw`${document}\)?\s*\(?(?:§\s*|sections?\s+)?(${SECTION}(?:\s*(?:,|/|-|–)\s*${SECTION})*)`, 'g');
const API_CITATION = citation(String.raw`\bAPI\.md`);
const CONVENTIONS_CITATION = citation(String.raw`\bCONVENTIONS(?:\.md)?`);

/** Citations a clone cannot follow: the shared folder the project was written from, or the conventions file it held. */
const OUTSIDE_PATHS = [
  /\/work\//,
  /\.\.\/shared\b/,
  /\bshared\/docs\b/,
  /\bshared (?:API|CONVENTIONS)\.md/,
  /\bCONVENTIONS\.md\b/,
];

/** The section numbers cited in `text` by the given citation pattern. */
export function citedSections(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].flatMap((match) => match[1].match(new RegExp(SECTION, 'g')) ?? []);
}

/** The numbers of the `### <number> <title>` headings of a Markdown document. */
export function headedSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(new RegExp(String.raw`^### (${SECTION}) \S`, 'gm'))].map((match) => match[1]));
}

function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path);
    return entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name)) ? [path] : [];
  });
}

const THIS_FILE = relative(ROOT, __filename);
const codeFiles = CODE_DIRS.flatMap(filesUnder).filter((path) => path !== THIS_FILE);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** `path: section` for every cited section the document has no heading for. */
function unresolved(files: string[], pattern: RegExp, document: string): string[] {
  const headings = headedSections(read(document));
  return files.flatMap((path) =>
    citedSections(read(path), pattern)
      .filter((section) => !headings.has(section))
      .map((section) => `${path}: ${section}`),
  );
}

describe('citedSections', () => {
  it.each<[string, string[]]>([
    ['// API.md 2.1', ['2.1']],
    ['(API.md 5.7)', ['5.7']],
    ['API.md 11 meta', ['11']],
    ['API.md 6.2, 6.4', ['6.2', '6.4']],
    ['API.md 5.1-5.3: creating', ['5.1', '5.3']],
    ['API.md 5.2/5.3 on every write', ['5.2', '5.3']],
    ['The system tables of API.md (sections 3.8, 4.1, 12)', ['3.8', '4.1', '12']],
    ['The shared API.md §11 says', ['11']],
    ['API.md 2.2 and the decisions table', ['2.2']],
    ['API.md "Limits", API.md, exports', []],
    ['OpenAPI 3.0', []],
  ])('%s', (text, sections) => {
    expect(citedSections(text, API_CITATION)).toEqual(sections);
  });

  it.each<[string, string[]]>([
    ['(CONVENTIONS 7)', ['7']],
    ['CONVENTIONS 4, API.md 7', ['4']],
    ['CONVENTIONS.md 13', ['13']],
  ])('%s', (text, sections) => {
    expect(citedSections(text, CONVENTIONS_CITATION)).toEqual(sections);
  });
});

describe('headedSections', () => {
  it('reads numbered third-level headings only', () => {
    expect([
      ...headedSections('## 1 Part\n### 2.1 Exporting items\n### 5 Versions\n###  3 bad\n### 4.2\ntext ### 6 x'),
    ]).toEqual(['2.1', '5']);
  });
});

describe('the repository cites only what it holds', () => {
  it('finds the code to check', () => {
    expect(codeFiles.length).toBeGreaterThan(100);
    expect(codeFiles.some((path) => citedSections(read(path), API_CITATION).length > 0)).toBe(true);
  });

  it('has a heading in docs/API.md for every API.md section the code cites', () => {
    expect(unresolved(codeFiles, API_CITATION, 'docs/API.md')).toEqual([]);
  });

  it('has a heading in docs/ARCHITECTURE.md for every conventions section the code cites', () => {
    expect(unresolved(codeFiles, CONVENTIONS_CITATION, 'docs/ARCHITECTURE.md')).toEqual([]);
  });

  it('cites no path outside the repository', () => {
    const outside = [...codeFiles, ...ROOT_FILES].flatMap((path) =>
      read(path)
        .split('\n')
        .flatMap((line, i) =>
          OUTSIDE_PATHS.some((pattern) => pattern.test(line)) ? [`${path}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(outside).toEqual([]);
  });
});
