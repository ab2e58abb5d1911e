import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) => {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

const files = (path) => {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
};

/**
 * Each feature folder may import only itself and the shared layers below it (STYLE, DESIGN §1).
 * Server modules may also name each other's tables (`*.schema.ts`) for foreign keys and read
 * models (ADR 006); behaviour crosses modules only through services wired in app.ts.
 */
const isolate = (root, names, { shareTables = false } = {}) =>
  names.map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [
      `./${name}`,
      ...(shareTables
        ? names.flatMap((other) =>
            files(`${root}/${other}`)
              .filter((file) => file.endsWith('.schema.ts'))
              .map((file) => `./${other}/${file}`),
          )
        : []),
    ],
    message: 'Features never import each other; move shared code down a layer.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      'server/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'server/tsconfig.json',
            'web/tsconfig.json',
            'contract/tsconfig.json',
            'gateway/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...isolate('server/src/modules', dirs('server/src/modules'), { shareTables: true }),
            ...isolate('web/src/features', dirs('web/src/features')),
            {
              target: 'server/src/platform',
              from: 'server/src/modules',
              message: 'The platform layer must not depend on feature modules.',
            },
            { target: 'web/src/features', from: 'web/src/app', message: 'Imports flow app -> features -> shared.' },
            {
              target: ['web/src/components', 'web/src/lib'],
              from: ['web/src/features', 'web/src/app'],
              message: 'Shared layers must not import features or the app.',
            },
            {
              target: 'contract/src',
              from: ['server', 'web', 'gateway'],
              message: 'The contract depends on nothing of ours.',
            },
            {
              target: 'gateway',
              from: ['server', 'web'],
              message: 'The gateway knows the shop only through its AccessStore interface.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through the config module.',
        },
      ],
    },
  },
  {
    files: [
      'server/src/platform/config/**',
      'server/test/**',
      '**/*.config.{ts,js}',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'e2e/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
