/** The fault suite: the built server killed, its database and Redis stopped and restarted, one at a time. */
module.exports = {
  rootDir: '..',
  testRegex: 'test/faults/.*\\.fault-spec\\.ts$',
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  ...require('./jest-esm'),
  testEnvironment: 'node',
  testTimeout: 60000,
  maxWorkers: 1,
  reporters: ['default', '<rootDir>/test/reporters/tally-reporter.js'],
};
