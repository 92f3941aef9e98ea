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
);
