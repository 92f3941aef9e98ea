/**
 * End-to-end tests through HTTP against a real database: test/e2e and the security suite, test/security.
 * CI runs this config once per database (DB_CLIENT unset is SQLite). Security cases whose outcome cannot
 * depend on the database vendor live in test/security/any-vendor and run on SQLite only.
 */
const onSqlite = /^sqlite/.test(process.env.DB_CLIENT ?? 'sqlite');

module.exports = {
  rootDir: '..',
  testRegex: 'test/(e2e|security)/.*\\.e2e-spec\\.ts$',
  testPathIgnorePatterns: ['/node_modules/', ...(onSqlite ? [] : ['<rootDir>/test/security/any-vendor/'])],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  transform: { '^.+\\.ts$': ['@swc/jest'], '/node_modules/(@scure|@noble|openid-client|oauth4webapi|jose|oidc-provider)/.+\\.js$': ['@swc/jest'] },
  transformIgnorePatterns: ['/node_modules/(?!(@scure|@noble|openid-client|oauth4webapi|jose|oidc-provider)/)'],
  testEnvironment: 'node',
  testTimeout: 60000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/reporters/tally-reporter.js'],
};
