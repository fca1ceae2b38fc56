import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth', 'profile', 'lookups', 'navigation', 'notes', 'bookmarks', 'todo', 'calendar', 'academy', 'exam',
  'runner', 'office-docs', 'proctoring', 'reports', 'backoffice', 'parents', 'institution', 'search', 'shell',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Web: shared (components, lib, hooks, config) → features → app. A feature never imports another.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; compose them in app/.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not import features or app.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import app/.' },
          ],
        },
      ],
    },
  },
  // The one registry of feature texts (i18n namespaces) may import each feature's locales.ts.
  { files: ['apps/web/src/config/locales.ts'], rules: { 'import/no-restricted-paths': 'off' } },
  // Server: routes → services → repositories; only repositories (and db/) touch the ORM.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only *.repository.ts files touch the ORM.' },
            { group: ['**/*.repository.js'], importNames: ['*'], message: 'Call the module service, not its repository.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only *.repository.ts files touch the ORM.' },
            { group: ['**/*.repository.js', '**/db/**'], message: 'Routes call services only.' },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'e2e/**', 'bench/**', '**/*.config.{ts,js}'], rules: { 'no-console': 'off' } },
);
