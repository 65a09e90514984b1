// Runs every project's tests in one Jest run. Each test file gets its own database and Redis key
// prefix (see @platform/testing), so files run in parallel safely.
const fs = require('node:fs');
const path = require('node:path');

const projectDirs = ['apps', 'libs']
  .flatMap((group) =>
    fs.readdirSync(path.join(__dirname, group)).map((name) => path.join(group, name)),
  )
  .concat(['docker', 'k8s'])
  .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'jest.config.js')));

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  projects: projectDirs.map((dir) => `<rootDir>/${dir}`),
};
