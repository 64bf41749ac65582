import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const webLayers = ['ui', 'i18n', 'api', 'session', 'live', 'shared', 'components', 'features', 'app'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web layers, bottom to top: ui, i18n, api, session, live, shared, components, features, app. A file
  // imports only from its own layer or below; the entry point and the test harness assemble the top.
  ...webLayers.slice(0, -1).map((layer, i) => ({
    files: [`apps/web/src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${webLayers.slice(i + 1).join('|')})(/|$)`,
              message: `${layer}/ sits below ${webLayers.slice(i + 1).join(', ')}: import downwards only.`,
            },
          ],
        },
      ],
    },
  })),
  {
    // Server modules: one owner per table. Another module's SQL is reached through its service (or a
    // small exported non-repo file), never by importing its repo; shared SQL helpers live in platform/db.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+[^./][^/]*/repo(/|$)',
              message: "Another module's repo is its own: call its service (SQL helpers: platform/db/sql).",
            },
          ],
        },
      ],
    },
  },
  {
    // Server platform: cross-cutting parts below the modules; they never import a module. The one
    // test here reading module sheets checks the platform xlsx limits through their real readers.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/platform/xlsx.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message:
                'platform/ sits below the modules: pass what it needs in instead of importing a module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/agent/**',
      'apps/server/src/admin.ts',
      'apps/server/src/main.ts',
      'bench/**',
      '.ci/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
