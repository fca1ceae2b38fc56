import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Every folder under apps/web/src/features is a feature: a new one is fenced in without editing this file. */
const FEATURES = fs
  .readdirSync(path.join(ROOT, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every folder under apps/web/src/question-kinds but `shared` is one question kind (the registry is its index.ts). */
const QUESTION_KIND_FOLDERS = fs
  .readdirSync(path.join(ROOT, 'apps/web/src/question-kinds'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

/**
 * Rooms are folders with the same names in contracts, server and web: the academy's (decision 084)
 * and reports' audiences (decision 083). A room never imports another room; what two rooms use
 * lives in the room-less `shared/`, which imports no room. One zone per room, from the folders that
 * exist, so a new room is fenced in too.
 */
const ROOMED_DOMAINS = { academy: '084', reports: '083' };
const ROOM_ROOTS = Object.fromEntries(
  Object.keys(ROOMED_DOMAINS).map((domain) => [
    domain,
    { contracts: `./packages/contracts/src/${domain}`, server: `./apps/server/src/modules/${domain}`, web: `./apps/web/src/features/${domain}` },
  ]),
);
function roomZones(domain, workspace) {
  const base = ROOM_ROOTS[domain][workspace];
  const decision = ROOMED_DOMAINS[domain];
  const rooms = fs
    .readdirSync(path.join(ROOT, base), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => entry.name);
  return [
    ...rooms.map((room) => ({
      target: `${base}/${room}`,
      from: base,
      except: [`./${room}`, './shared'],
      message: `A room of ${domain} never imports another room; move what two rooms use to shared/ (decision ${decision}).`,
    })),
    { target: `${base}/shared`, from: base, except: ['./shared'], message: `What the rooms of ${domain} share imports no room (decision ${decision}).` },
  ];
}

/** Source files (and the folders holding them) are kebab-case; a dot separates a file's roles (`exam.routes.ts`). */
const SOURCE = '**/*.{ts,tsx,js,mjs,cjs,jsx}';

const TYPED_TRANSLATION = {
  name: 'react-i18next',
  importNames: ['useTranslation'],
  message: "Use lib/translation's useTranslation: its t() takes only the namespace's keys (decision 098).",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      // The TypeScript resolver follows `./x.js` to `x.ts` and `@app/contracts` to its source, so the path fences see every edge.
      'import/resolver': {
        typescript: { project: ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'], noWarnOnMultipleProjects: true },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No import circles anywhere: scripts/cycles.mjs checks every workspace, types included (decision 102).
      'check-file/filename-naming-convention': [
        'error',
        { [SOURCE]: '+([a-z0-9])*(-+([a-z0-9]))*(.+([a-z0-9])*(-+([a-z0-9])))' },
        { ignoreMiddleExtensions: false, errorMessage: 'File names are kebab-case, with dots between roles (exam-timer.tsx, exam.routes.ts): rename "{{ target }}".' },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench,scripts}/**/': 'KEBAB_CASE' },
        { errorMessage: 'Folder names are kebab-case: rename "{{ target }}".' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Web: shared (components, lib, hooks, config) → question-kinds → features → app. A feature never imports another;
  // a kind never imports another kind (what kinds share is in question-kinds/shared).
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
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/question-kinds'],
              message: 'Shared code must not import question kinds, features or app.',
            },
            {
              target: './apps/web/src/question-kinds',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Question kinds sit below the features: a kind never imports a feature or app/ (the page hands editors down as slots).',
            },
            ...QUESTION_KIND_FOLDERS.map((kind) => ({
              target: `./apps/web/src/question-kinds/${kind}`,
              from: './apps/web/src/question-kinds',
              except: [`./${kind}`, './shared', './kind.ts'],
              message: 'A question kind never imports another kind or the registry; what kinds share lives in question-kinds/shared.',
            })),
            {
              target: './apps/web/src/question-kinds/shared',
              from: './apps/web/src/question-kinds',
              except: ['./shared', './kind.ts'],
              message: 'What kinds share never imports a kind or the registry.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import app/.' },
            ...Object.keys(ROOMED_DOMAINS).flatMap((domain) => roomZones(domain, 'web')),
          ],
        },
      ],
    },
  },
  // Typed text keys (decision 098): components take t() from lib/translation. Repeated in the features' block below, which replaces this rule there.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/translation.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [TYPED_TRANSLATION] }] },
  },
  // One style of web API file (decision 082): a feature calls the API only from its api/<room>-api.ts.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/api/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TYPED_TRANSLATION],
          patterns: [
            {
              group: ['**/lib/api-client'],
              importNames: ['callApi', 'callApiFull', 'callApiFile', 'callApiBlob'],
              message: "A feature calls the API from its api/<room>-api.ts, with the call's query or mutation hook (decision 082).",
            },
          ],
        },
      ],
    },
  },
  // Rooms in contracts and server (the web's are among the web's zones above).
  {
    files: Object.keys(ROOMED_DOMAINS).flatMap((domain) => [`packages/contracts/src/${domain}/**/*.ts`, `apps/server/src/modules/${domain}/**/*.ts`]),
    rules: {
      'import/no-restricted-paths': ['error', { zones: Object.keys(ROOMED_DOMAINS).flatMap((domain) => [...roomZones(domain, 'contracts'), ...roomZones(domain, 'server')]) }],
    },
  },
  // The web's client tables: built by clientRoutes in a domain's <domain>.client.ts only, typed by its routes, never cast.
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/**/*.client.ts', 'packages/contracts/src/common/route.ts', 'packages/contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='clientRoutes']", message: "A domain's client table is built in its <domain>.client.ts." }],
    },
  },
  {
    files: ['packages/contracts/src/**/*.client.ts', 'packages/contracts/src/**/*.endpoints.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression:not([typeAnnotation.typeName.name="const"]), TSTypeAssertion', message: 'A client table is typed by clientRoutes<typeof routes>(endpoints), never cast.' },
      ],
    },
  },
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
  // The server's question-kind registry sits below the modules (decision 044): it never imports one.
  {
    files: ['apps/server/src/question-kinds/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only *.repository.ts files touch the ORM.' },
            { group: ['**/modules/**', '**/db/**'], message: 'The question-kind registry sits below the modules: modules import it, never the reverse.' },
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
            { group: ['fs', 'fs/*', 'node:fs', 'node:fs/*'], message: 'Routes read and write files through the file store (lib/file-store), never the disk.' },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'apps/*/scripts/**', 'e2e/**', 'bench/**', '**/*.config.{ts,js}'], rules: { 'no-console': 'off' } },
);
