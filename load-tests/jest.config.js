// The k6 smoke run (test/smoke.test.ts): every journey for a few seconds against the embedded product.
// rolling/ and faults/ are jest projects of their own (the rolling restart, the fault drills), so they are left out here.
module.exports = require('../jest.preset.js')(__dirname, {
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/rolling/', '<rootDir>/faults/'],
});
