// Lint rules (`npm run lint`, CI): typescript-eslint's type-checked recommendations over the server, the
// Studio, the tests and the scripts. A rule turned off or downgraded says why on its line.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'admin/dist/', 'coverage/', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './admin/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        // A leading underscore marks a name that is there on purpose (a rest sibling dropping a key, a type
        // parameter an overload needs): the rule flags only names nobody meant to keep.
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Passing on a rejection caught as `unknown` (or an abort signal's `any` reason) keeps it as it came.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingUnknown: true, allowThrowingAny: true },
      ],
    },
  },
  {
    // Modules a request may never need are `require`d on first use to keep start-up fast (the commands and
    // the server share these files); `import()` would make every caller async for no gain.
    files: [
      'src/common/create-redis.ts',
      'src/common/export/export-formats.ts',
      'src/common/logging/app-logger.ts',
      'src/modules/files/lib/load-sharp.ts',
      'src/modules/files/storage/storage.service.ts',
      'src/modules/mail/mail.service.ts',
      'src/modules/schema/lib/parse-snapshot-text.ts',
      'src/modules/schema/lib/serialize-snapshot.ts',
      'src/modules/users/lib/totp.ts',
    ],
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // lazy loading, see above
  },
  {
    // In-memory twins of the Redis-backed stores, and hooks of async APIs: `async` keeps a throw a rejection,
    // as the networked implementation's would be.
    files: [
      'src/modules/cache/generations.ts',
      'src/modules/cache/memory.store.ts',
      'src/modules/rate-limiter/counter-store.ts',
      'src/modules/metrics/service-checks.service.ts',
      'src/modules/files/tus/tus.service.ts',
    ],
    rules: { '@typescript-eslint/require-await': 'off' }, // see above: the interface is async, the body need not be
  },
  {
    files: ['src/modules/files/tus/tus.service.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off' }, // an unmapped tus failure is rethrown as tus gave it (logged, 500)
  },
  {
    // The size limits of docs/CONVENTIONS.md: a file says one thing, a function does one thing.
    files: ['src/**/*.ts', 'admin/src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  {
    // A spec's describe and it blocks are lists of cases, not logic: their length is the number of cases.
    files: ['**/*.spec.ts', 'test/**/*.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Specs read supertest bodies and jest's asymmetric matchers, both typed `any`; typing every body would restate
    // the assertions that follow it, so the unsafe-any family is off for specs only.
    files: ['**/*.spec.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off', // reading `res.body.data…` is what a spec does
      '@typescript-eslint/no-unsafe-assignment': 'off', // `const x = res.body.data` and `expect.any(…)` are `any`
      '@typescript-eslint/no-unsafe-call': 'off', // `res.body.data.map(…)` in an assertion
      '@typescript-eslint/no-unsafe-argument': 'off', // passing a body field on to the next request
      '@typescript-eslint/no-unsafe-return': 'off', // small helpers that hand back `res.body.data`
      '@typescript-eslint/no-explicit-any': 'off', // specs send deliberately ill-typed bodies and reach into internals
      '@typescript-eslint/require-await': 'off', // stubs of async APIs are `async` to return promises like the real thing
    },
  },
);
