// Shared Jest settings for every project: swc compiles TypeScript (with the decorator metadata
// NestJS and class-validator depend on), and @platform/* aliases resolve to the libs' sources.
const path = require('node:path');

const libsDir = path.join(__dirname, 'libs');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Most tests start a Nest app on a fresh database; the default 5 s is too short on 2 cores.
  testTimeout: 30_000,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: {
    '^@platform/([a-z-]+)$': `${libsDir}/$1/src/index.ts`,
  },
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            useDefineForClassFields: false,
          },
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  // ESM-only packages that Jest must compile to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(jose|openid-client|oauth4webapi)/)'],
  setupFiles: [path.join(__dirname, 'tools/jest/setup-env.js')],
};
