/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'maritime-domain',
  rootDir: __dirname,
};
