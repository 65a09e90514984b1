/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'proxy-admin',
  rootDir: __dirname,
};
