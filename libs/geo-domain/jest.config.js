/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'geo-domain',
  rootDir: __dirname,
};
