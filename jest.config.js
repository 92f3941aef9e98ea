/** Unit tests: pure code beside its source file. */
module.exports = {
  rootDir: 'src',
  testRegex: '.*\\.spec\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testEnvironment: 'node',
  reporters: ['default', '<rootDir>/../test/reporters/tally-reporter.js'],
};
