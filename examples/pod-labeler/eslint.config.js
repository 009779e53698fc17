// ESLint with typescript-eslint's type-checked rules (`make lint`, `make lint-fix`): what
// golangci-lint is to a kubebuilder project. Rules that need types (floating promises, awaiting
// what is not a promise, unsafe any) read them from tsconfig.json through the project service.
// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 (the native compiler)
// no longer has: package.json's `typescript` is TypeScript 6's API (@typescript/typescript6), read
// by ESLint only, and `tsc` comes from TypeScript 7 (`@typescript/native`).
// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'vendor/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Reconcilers, defaulters and validators are async because the runtime awaits them; the
      // scaffolded ones await nothing until you fill them in.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Linted without types: the JavaScript files (hack/*.mjs, this file), as Node scripts, and the
    // vitest configurations, which are outside tsconfig.json's include (tsc would compile them into dist/).
    files: ['**/*.{js,mjs,cjs}', '*.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
