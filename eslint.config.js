import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';

const webLayers = [
  'ui',
  'i18n',
  'api',
  'session',
  'live',
  'shared',
  'components',
  'features',
  'pages',
  'app',
];
/** The web feature folders, read from the tree so a new feature is covered the day it appears. */
const webFeatures = readdirSync(`${import.meta.dirname}/apps/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// antd's icons carry their English name as accessible name ("plus 绑定设备"); ui/icons renders them
// decorative, so the rest of the web app imports icons from there.
const webIconsModule = 'apps/web/src/ui/icons/**';
/** The import pattern that keeps web layer `webLayers[i]` from importing the layers above it. */
const layerPattern = (i) => ({
  regex: `^(\\.\\./)+(${webLayers.slice(i + 1).join('|')})(/|$)`,
  message: `${webLayers[i]}/ sits below ${webLayers.slice(i + 1).join(', ')}: import downwards only.`,
});

/**
 * Keeps feature `feature` out of the other features: what two domains share moves down to shared/ or
 * components/, and a page (pages/) composes features. No feature has a sub-folder named like another
 * feature, so a relative path climbing to one of those names leaves the feature.
 */
const otherFeaturePattern = (feature) => ({
  regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((f) => f !== feature).join('|')})(/|$)`,
  message: `features/${feature} imports no other feature: move the shared piece down to shared/ or components/, or compose both in a page.`,
});

/** The server modules, read from the tree so a new module is covered the day it appears. */
const serverModules = readdirSync(`${import.meta.dirname}/apps/server/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Keeps module `name` out of the other modules' insides: each is used through its index.ts. */
const otherModuleInsidePattern = (name) => ({
  regex: `^(\\.\\./)+(${serverModules.filter((m) => m !== name).join('|')})/`,
  message: `Another module is used through its face: import '../<module>' (its index.ts), and export from there what is missing.`,
});

const antdIcons = {
  regex: '^@ant-design/icons(/|$)',
  message: 'Import icons from ui/icons: it renders them without their English names.',
};

export default tseslint.config(
  {
    // Build output too: the web build writes the engineer's connect client to public/downloads.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      'coverage/**',
      'apps/web/public/downloads/**',
    ],
  },
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
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [antdIcons] }] },
  },
  // Web layers, bottom to top: ui, i18n, api, session, live, shared, components, features, pages, app.
  // A file imports only from its own layer or below; the entry point and the test harness assemble the
  // top. (A later block replaces the rule's options, so each layer block repeats the icons pattern.)
  ...webLayers.slice(0, -1).map((layer, i) => ({
    files: [`apps/web/src/${layer}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [antdIcons, layerPattern(i)] }] },
  })),
  // Within the features layer, each feature stands alone (pages compose them).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [antdIcons, layerPattern(webLayers.indexOf('features')), otherFeaturePattern(feature)],
        },
      ],
    },
  })),
  {
    files: [webIconsModule],
    rules: { 'no-restricted-imports': ['error', { patterns: [layerPattern(0)] }] },
  },
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
  // Server modules, outside their tests: another module only through its index.ts (its face), so
  // what a module offers the others is listed in one file. Tests may set up through the insides.
  ...serverModules.map((name) => ({
    files: [`apps/server/src/modules/${name}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInsidePattern(name)] }] },
  })),
  {
    files: ['apps/server/src/app.ts', 'apps/server/src/main.ts', 'apps/server/src/admin.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./modules/[^/]+/',
              message: "A module is used through its face: import './modules/<module>' (its index.ts).",
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
    // Named errors: the server throws a catalogue code by its contract name, fail(ErrorCode.NO_DATA),
    // never as a number (a number says nothing to the reader and drifts from the catalogue unseen).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.name=/^fail(Retry)?$/]',
          'NewExpression[callee.name=/^(AppError|Coded)$/]',
        ].flatMap((call) =>
          ['arguments.0', 'arguments.0.consequent', 'arguments.0.alternate'].map((code) => ({
            selector: `${call}[${code}.type='Literal']`,
            message: 'Name the catalogue code: fail(ErrorCode.NO_DATA), not fail(1003).',
          })),
        ),
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
