module.exports = require('../ui/test-support/jest-config.js')(__dirname);
