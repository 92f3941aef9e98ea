/**
 * Packages that ship ES modules only (the signing libraries, openid-client and its dependencies, the tests'
 * OpenID provider): swc turns them into CommonJS for Jest. One list for the unit, e2e and fault configs.
 */
const names = ['@scure', '@noble', 'openid-client', 'oauth4webapi', 'jose', 'oidc-provider'].join('|');

module.exports = {
  transform: { '^.+\\.ts$': ['@swc/jest'], [`/node_modules/(${names})/.+\\.js$`]: ['@swc/jest'] },
  transformIgnorePatterns: [`/node_modules/(?!(${names})/)`],
};
