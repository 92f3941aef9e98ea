import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EngineFailure, LockPackage, imageNodeVersion, nodeEngineFailures } from './node-engines';

const root = join(__dirname, '..', '..');

/**
 * Packages whose `engines.node` refuses a Node Vellum runs on, each with why it stays: only where no
 * older version accepts both without breaking the tests that use it.
 */
const EXCEPTIONS: Record<string, string> = {
  // Every release since 19.0.0 declares node >=22; 18.0.3, the last to accept Node 20, has no
  // isDirectusError and takes login(email, password): 35 of the 36 sdk-compat e2e tests fail with it.
  // A development dependency only (the reference's client the sdk-compat tests drive, as Vellum's
  // clients run it today), never in the image; those tests pass on the Node 20 CI runs.
  '@directus/sdk': 'dev only; 18.0.3, the last release accepting Node 20, breaks the sdk-compat tests',
};

describe('nodeEngineFailures', () => {
  const lock = (packages: Record<string, LockPackage>) => ({ '': { engines: { node: '>=1' } }, ...packages });
  it.each<[string, Record<string, LockPackage>, string[]]>([
    ['a range that accepts both', { 'node_modules/a': { version: '1.0.0', engines: { node: '>=20' } } }, []],
    ['no engines field', { 'node_modules/a': { version: '1.0.0' } }, []],
    ['engines without node', { 'node_modules/a': { version: '1.0.0', engines: { npm: '>=99' } } }, []],
    ['an old array-style engines field', { 'node_modules/a': { version: '1.0.0', engines: ['node >= 99'] } }, []],
    [
      'too new for the tests',
      { 'node_modules/@s/sdk': { version: '26.0.0', engines: { node: '>=22' }, dev: true } },
      ['@s/sdk@26.0.0 >=22 20.19.0 dev'],
    ],
    [
      'too old for the image',
      { 'node_modules/x/node_modules/b': { version: '2.0.0', engines: { node: '^20.9.0' } } },
      ['b@2.0.0 ^20.9.0 24.0.0 prod'],
    ],
    [
      'another system only',
      { 'node_modules/w': { version: '1.0.0', engines: { node: '^20.9.0' }, os: ['win32'] } },
      [],
    ],
    [
      'every system but another',
      { 'node_modules/w': { version: '1.0.0', engines: { node: '^20.9.0' }, os: ['!win32'] } },
      ['w@1.0.0 ^20.9.0 24.0.0 prod'],
    ],
  ])('%s', (_, packages, expected) => {
    const failures = nodeEngineFailures(lock(packages), ['20.19.0', '24.0.0']);
    expect(failures.map((f) => `${f.name}@${f.version} ${f.range} ${f.node} ${f.dev ? 'dev' : 'prod'}`)).toEqual(
      expected,
    );
  });
});

describe('imageNodeVersion', () => {
  it.each([
    ['FROM node:24-bookworm-slim AS build\nFROM node:24-bookworm-slim\n', '24.0.0'],
    ['FROM node:22\n', '22.0.0'],
  ])('reads the base image major of %j', (dockerfile, expected) => {
    expect(imageNodeVersion(dockerfile)).toBe(expected);
  });

  it.each(['FROM debian:bookworm\n', 'FROM node:22 AS build\nFROM node:24\n'])('refuses %j', (dockerfile) => {
    expect(() => imageNodeVersion(dockerfile)).toThrow(/one Node major/);
  });
});

describe("dependencies' engines", () => {
  let failures: EngineFailure[];
  beforeAll(() => {
    const { packages } = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockPackage>;
    };
    failures = nodeEngineFailures(packages, [
      process.versions.node,
      imageNodeVersion(readFileSync(join(root, 'Dockerfile'), 'utf8')),
    ]);
  });

  it("accept both the Node the tests run on and the image's", () => {
    expect(failures.filter((failure) => !(failure.name in EXCEPTIONS))).toEqual([]);
  });

  it('lists as exceptions only packages that still fail', () => {
    const failing = new Set(failures.map((failure) => failure.name));
    expect(Object.keys(EXCEPTIONS).filter((name) => !failing.has(name))).toEqual([]);
  });
});
