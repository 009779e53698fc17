// The repository linted as the projects it generates are (templates/init/eslint.config.js.hbs):
// ESLint's and typescript-eslint's type-checked recommended rules, types read through the
// project service from tsconfig.json. `npm run lint`; CI runs it.
// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Generated output and copies: goldens and examples are checked by their own lint (golden-lint).
  globalIgnores(['dist/', 'coverage/', 'examples/', 'templates/', 'test/golden/', 'test/**/fixtures/', 'vendor/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // As in the generated projects: handlers are async because their callers await them, some await nothing.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore marks a parameter a signature needs, or a key a rest destructuring drops, on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Rejecting with a caught value (unknown until checked) passes it on, as a rethrow does.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Issue #31: no line of the package's code over 160 characters; strings, templates, regular
    // expressions, URLs and comments may run on (messages and patterns read better whole than cut).
    // Tests and benches are left as they are: their long lines are one-line expectations and type literals.
    files: ['src/**'],
    rules: {
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true, ignoreComments: true }],
    },
  },
  {
    // Tests read API responses and CLI output as untyped JSON and check its shape with expect(): a type
    // written for each would only restate the assertion (about 100 findings in 30 files when on).
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Linted without types: the JavaScript files (bin/, scripts/*.mjs, this file) as Node scripts, bin's
    // declaration file and the vitest configuration, which are outside tsconfig.json's include.
    files: ['**/*.{js,mjs,cjs}', '*.config.ts', 'bin/**/*.d.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
