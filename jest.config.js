/** Unit tests: pure code beside its source file (the server's, the Studio's, the scripts' and the fault suite's helpers). */
module.exports = {
  rootDir: 'src',
  // The Studio's pure logic (admin/src) is tested beside its source like the server's.
  roots: ['<rootDir>', '<rootDir>/../admin/src', '<rootDir>/../scripts', '<rootDir>/../test/faults/lib'],
  testRegex: '.*\\.spec\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest'], '/node_modules/(@scure|@noble|openid-client|oauth4webapi|jose)/.+\\.js$': ['@swc/jest'] },
  // otplib's base32 and crypto plugins, and openid-client with its oauth4webapi and jose, ship as ES modules
  // only; Jest's CommonJS runtime needs them compiled.
  transformIgnorePatterns: ['/node_modules/(?!(@scure|@noble|openid-client|oauth4webapi|jose)/)'],
  testEnvironment: 'node',
  reporters: ['default', '<rootDir>/../test/reporters/tally-reporter.js'],
};
