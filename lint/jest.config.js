// The lint configuration's own test: each architecture boundary fails the lint step when crossed.
module.exports = {
  displayName: 'lint',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.js'],
};
