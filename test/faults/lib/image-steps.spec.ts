import { composeEnvironment, imageSteps, interpolate } from './image-steps';

describe('interpolate', () => {
  it.each<[string, Record<string, string | undefined>, string]>([
    ['${A}', { A: 'x' }, 'x'],
    ['${A}', {}, ''],
    ['${A:-d}', {}, 'd'],
    ['${A:-d}', { A: '' }, 'd'],
    ['${A-d}', { A: '' }, ''],
    ['${A:-d}', { A: 'x' }, 'x'],
    ['${A:?need A}', { A: 'x' }, 'x'],
    ['$$HOME ${A}:${B:-8055}', { A: 'h' }, '$HOME h:8055'],
  ])('%s with %j is %j', (value, vars, expected) => {
    expect(interpolate(value, vars)).toBe(expected);
  });

  it.each<[string, Record<string, string | undefined>]>([
    ['${A:?need A}', {}],
    ['${A:?need A}', { A: '' }],
  ])('%s with %j is an error naming the variable', (value, vars) => {
    expect(() => interpolate(value, vars)).toThrow('A: need A');
  });
});

describe('imageSteps', () => {
  const dockerfile = [
    'FROM node:24 AS build',
    'RUN apt-get update',
    '# a comment',
    'RUN npm ci \\',
    '  --no-audit',
    'RUN npm run build && npm prune --omit=dev',
    'CMD ["node", "ignored.js"]',
    'FROM node:24',
    'ENV NODE_ENV=production HOST=0.0.0.0',
    'ENV PORT="8055"',
    'CMD ["node", "--flag", "dist/src/main.js"]',
  ].join('\n');

  it("reads the build stage's install and build, and the runtime stage's ENV and CMD", () => {
    expect(imageSteps(dockerfile)).toEqual({
      install: 'npm ci --no-audit',
      build: 'npm run build && npm prune --omit=dev',
      env: { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '8055' },
      cmd: ['node', '--flag', 'dist/src/main.js'],
    });
  });

  it('refuses a Dockerfile without npm ci', () => {
    expect(() => imageSteps('FROM node:24\nRUN npm run build\nCMD ["node"]\n')).toThrow(/no `npm ci`/);
  });
});

describe('composeEnvironment', () => {
  it('reads a mapping or a list, values interpolated and stringified', () => {
    const compose = {
      services: {
        a: { environment: { PORT: 3306, FLAG: true, EMPTY: null, URL: '${H:-db}:1' } },
        b: { environment: ['X=1=2', 'Y=${H}'] },
      },
    };
    expect(composeEnvironment(compose, 'a', { H: 'h' })).toEqual({ PORT: '3306', FLAG: 'true', EMPTY: '', URL: 'h:1' });
    expect(composeEnvironment(compose, 'b', { H: 'h' })).toEqual({ X: '1=2', Y: 'h' });
  });
});
