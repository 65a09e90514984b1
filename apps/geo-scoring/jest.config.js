/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'geo-scoring',
  rootDir: __dirname,
};
