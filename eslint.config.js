import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/dev-dist/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Imports flow one way: shared → features → app; never feature to feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'A feature must not import another feature; compose them in src/app.',
            })),
            {
              target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/app',
              message: 'Only src/app may import from src/app.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/features',
              message: 'Shared code must not import features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/shared', from: './apps', message: 'shared must not import the apps.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      // Module boundaries (docs/decisions/016-module-boundaries.md).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A module reaches another only through its index.ts.
            ...serverModules.map((m) => ({
              target: './apps/server/src',
              from: `./apps/server/src/modules/${m}`,
              except: ['./index.ts'],
              message: `Import the ${m} module through modules/${m}/index.ts only.`,
            })),
          ],
        },
      ],
    },
  },
  // Inside a module its own files are free to import one another.
  ...serverModules.map((m) => ({
    files: [`apps/server/src/modules/${m}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverModules
            .filter((other) => other !== m)
            .map((other) => ({
              target: `./apps/server/src/modules/${m}`,
              from: `./apps/server/src/modules/${other}`,
              except: ['./index.ts'],
              message: `Import the ${other} module through modules/${other}/index.ts only.`,
            })),
        },
      ],
    },
  })),
  {
    // SQL lives in repositories: nothing else in a module builds queries or touches tables. A
    // module's repository is its `repository.ts`, or a `<part>-repository.ts` beside it for a
    // large part of its SQL (scripture's `search-repository.ts`). Decision 016.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/repository.ts', 'apps/server/src/modules/**/*-repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Queries belong in the module repository.' },
            { name: 'drizzle-orm/pg-core', message: 'Queries belong in the module repository.' },
          ],
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema/*', '**/db/client.ts'],
              allowImportNames: ['DbOrTx', 'Db'],
              message: 'Tables and the database client belong in the module repository.',
            },
          ],
        },
      ],
    },
  },
);
