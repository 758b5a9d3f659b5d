// ESLint flat config: typescript-eslint's recommended rules on the project's TypeScript.
// Formatting is Prettier's job (npm run format:check); module boundaries are dependency-cruiser's
// (.dependency-cruiser.cjs).
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-artifacts/**', 'bench-results/**', 'jest.config.js', '**/*.cjs', '**/*.mjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Deep imports into a library's build output break on its next release.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['*/dist/*', '@*/*/dist/*'], message: 'Import from the package entry point, not its dist folder.' }] },
      ],
    },
  },
  {
    // Tests build deliberately malformed input and reach into objects under test.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.browser-spec.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['test/support/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', Headers: 'readonly', globalThis: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
