module.exports = require('../../webpack.preset')(__dirname);
