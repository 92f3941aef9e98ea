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
);
