module.exports = require('../../tools/build/service-webpack.config')(__dirname);
