/** Unit tests: pure code beside its source file (the server's, the Studio's, the scripts' and the fault suite's helpers). */
module.exports = {
  rootDir: 'src',
  // The Studio's pure logic (admin/src) is tested beside its source like the server's.
  roots: ['<rootDir>', '<rootDir>/../admin/src', '<rootDir>/../scripts', '<rootDir>/../test/faults/lib'],
  testRegex: '.*\\.spec\\.ts$',
  ...require('./test/jest-esm'),
  testEnvironment: 'node',
  // Jest's default is one worker fewer than the cores: on CI's two cores, one worker left a core idle.
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/../test/reporters/tally-reporter.js'],
};
