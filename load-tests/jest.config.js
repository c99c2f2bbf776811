// The k6 smoke run (test/smoke.test.ts): every journey for a few seconds against the embedded product.
// rolling/ is a jest project of its own (the rolling restart), so it is left out here.
module.exports = require('../jest.preset.js')(__dirname, {
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/rolling/'],
});
