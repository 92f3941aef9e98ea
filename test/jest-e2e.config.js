/**
 * End-to-end tests through HTTP against a real database: test/e2e and the security suite, test/security.
 * CI runs this config once per database (DB_CLIENT unset is SQLite). A case whose outcome cannot change
 * with the SQL dialect (Redis, WebSocket transport, mail, single sign-on mechanics, rate limits, the
 * configuration, HTTP framing and limits, storage drivers) lives in test/e2e/any-vendor or
 * test/security/any-vendor and runs on SQLite only; one that writes or queries collections (filters,
 * relations, types, transactions, locks, schema changes, dates, JSON, constraints) stays on every vendor.
 * So do the browser specs (the Studio's pages and Swagger UI): the page only sees the API, whose
 * behaviour on each vendor the API specs already cover, and a browser run per vendor tripled their share of CI.
 */
const esm = require('./jest-esm');

const onSqlite = /^sqlite/.test(process.env.DB_CLIENT ?? 'sqlite');
const sqliteOnly = [
  '<rootDir>/test/e2e/any-vendor/',
  '<rootDir>/test/security/any-vendor/',
  '<rootDir>/test/e2e/studio-[^/]*\\.e2e-spec\\.ts$',
  '<rootDir>/test/e2e/swagger-ui[^/]*\\.e2e-spec\\.ts$',
];

module.exports = {
  rootDir: '..',
  testRegex: 'test/(e2e|security)/.*\\.e2e-spec\\.ts$',
  testPathIgnorePatterns: ['/node_modules/', ...(onSqlite ? [] : sqliteOnly)],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  ...esm,
  testEnvironment: 'node',
  testTimeout: 60000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/reporters/tally-reporter.js'],
};
