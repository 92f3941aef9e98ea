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
    },
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
