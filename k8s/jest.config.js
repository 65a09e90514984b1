/** @type {import('jest').Config} */
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'k8s',
  rootDir: __dirname,
};
