// Runs every project's tests in one Jest run (`npx jest`, or `npm run test:jest -- <files>`).
// Each test file gets its own database and Redis key prefix (see @platform/testing), so files
// run in parallel safely. `npm test` runs each project's Jest through Nx instead.
const fs = require('node:fs');
const path = require('node:path');

const projectDirs = ['apps', 'libs']
  .flatMap((group) =>
    fs.readdirSync(path.join(__dirname, group)).map((name) => path.join(group, name)),
  )
  .concat(['docker', 'k8s', 'tools'])
  .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'jest.config.js')));

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30_000,
  reporters: ['default', path.join(__dirname, 'tools/jest/summary-reporter.js')],
  projects: projectDirs.map((dir) => `<rootDir>/${dir}`),
};
