import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '.nx', 'tmp'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An app may import shared libs only; libs never import apps; apps never import each other.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:proxy-admin', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:geo-scoring', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:maritime',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:maritime'],
            },
            // Apps and libs use libs and domain libs; their tests also use the testing lib
            // (production files may not: see the no-restricted-imports block below).
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:testing'],
            },
            {
              sourceTag: 'type:lib',
              onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:testing'],
            },
            // Workspace tooling (CLIs, Nx plugins, test runners) uses libs, never apps.
            {
              sourceTag: 'type:tooling',
              onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:testing'],
            },
            // Pure computation depends on nothing but other pure computation.
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:testing'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through @platform/config.',
        },
      ],
    },
  },
  {
    // The config lib is the one reader of process.env; tests and tools may set it up.
    files: [
      'libs/config/src/**/*.ts',
      '**/*.spec.ts',
      'apps/*/test/**/*.ts',
      'tools/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Test helpers are for tests: no production file may import them.
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts', 'tools/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.fixture.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@platform/testing', message: 'libs/testing is for tests only.' }],
        },
      ],
    },
  },
  {
    // Domain libraries are pure computation: no framework, database or Redis client, so they
    // stay testable in microseconds and reusable by every service.
    files: ['libs/geo-domain/src/**/*.ts', 'libs/maritime-domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', 'pg-*', 'ioredis', 'bullmq'],
              message: 'Domain libraries are pure: no Nest, TypeORM, pg, ioredis or BullMQ.',
            },
            {
              group: ['@platform/*', '!@platform/geo-domain', '!@platform/maritime-domain'],
              message: 'Domain libraries import only other domain libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'apps/*/test/**/*.ts', 'libs/testing/src/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
];
