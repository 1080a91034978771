// ESLint's configuration for the project's JavaScript: the page (web/), the Node and
// browser tests and the build scripts. Formatting is Prettier's (.prettierrc.json), so
// only rules about meaning are on here. Run by scripts/lint.
import js from '@eslint/js';
import globals from 'globals';
import { fileURLToPath } from 'node:url';

// The repository's root: the patterns below are relative to it.
const basePath = fileURLToPath(new URL('../..', import.meta.url));

export default [
  { basePath, ignores: ['build*/**', '**/node_modules/**', 'tests/fuzz/**'] },
  {
    basePath,
    files: ['**/*.js', '**/*.mjs'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser } },
    rules: {
      ...js.configs.recommended.rules,
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    basePath,
    files: ['tests/**/*.mjs', 'scripts/**/*.mjs', 'web/engine/engine-worker-core.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    basePath,
    files: ['web/engine/*worker*.js', 'web/app/ui/page/sw-template.js'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  // The service worker's template: scripts/build-pwa writes the list of files in place.
  {
    basePath,
    files: ['web/app/ui/page/sw-template.js'],
    languageOptions: { globals: { __DC_ASSETS__: 'readonly' } },
  },
  // Emscripten's --post-js runs inside the module factory, where Module is the module.
  { basePath, files: ['wasm/*.js'], languageOptions: { globals: { Module: 'writable' } } },
];
