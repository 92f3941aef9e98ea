import type { EnvDoc } from './env-docs';

/** The single sign-on variables of the README's configuration table (env-docs.ts holds the rest). */
export const SSO_ENV_DOCS: readonly EnvDoc[] = [
  {
    names: ['AUTH_PROVIDERS', 'AUTH_DISABLE_DEFAULT'],
    defaults: ['unset', '`false`'],
    meaning:
      'the single sign-on providers, a comma-separated list of names each configured by its `AUTH_<NAME>_*` variables; `true` turns the email/password sign-in off (docs/API.md, Single sign-on)',
  },
  {
    names: ['AUTH_<NAME>_DRIVER', 'AUTH_<NAME>_ICON', 'AUTH_<NAME>_LABEL', 'AUTH_<NAME>_MODE'],
    defaults: ['unset', 'unset', 'unset', '`session`'],
    meaning:
      "a provider's driver (`openid`, `oauth2`, `ldap` or `saml`), how the Studio shows it, and how the redirect flows keep the sign-in (`session`, `cookie` or `json`)",
  },
  {
    names: [
      'AUTH_<NAME>_ALLOW_PUBLIC_REGISTRATION',
      'AUTH_<NAME>_DEFAULT_ROLE_ID',
      'AUTH_<NAME>_REDIRECT_ALLOW_LIST',
      'AUTH_<NAME>_SYNC_USER_INFO',
    ],
    defaults: ['`false`', 'unset', 'unset', '`false`'],
    meaning:
      "whether an unknown person signing in becomes a user, with which role; the redirect targets besides `PUBLIC_URL` (unset: only `PUBLIC_URL`'s host); whether names and email are copied at each sign-in",
  },
  {
    names: ['AUTH_<NAME>_CLIENT_ID', 'AUTH_<NAME>_CLIENT_SECRET', 'AUTH_<NAME>_SCOPE', 'AUTH_<NAME>_ISSUER_URL'],
    defaults: ['unset', 'unset', '`openid profile email` (openid), `email` (oauth2)', 'unset'],
    meaning:
      'the client registered at the provider; `ISSUER_URL` is the OpenID issuer (its discovery document is read at the first sign-in)',
  },
  {
    names: ['AUTH_<NAME>_AUTHORIZE_URL', 'AUTH_<NAME>_ACCESS_URL', 'AUTH_<NAME>_PROFILE_URL'],
    defaults: ['unset'],
    meaning: "the `oauth2` driver's authorization, token and profile endpoints",
  },
  {
    names: [
      'AUTH_<NAME>_IDENTIFIER_KEY',
      'AUTH_<NAME>_EMAIL_KEY',
      'AUTH_<NAME>_FIRST_NAME_KEY',
      'AUTH_<NAME>_LAST_NAME_KEY',
    ],
    defaults: [
      '`sub` (openid), `email` (oauth2), the nameidentifier claim URI (saml)',
      '`email`, the emailaddress claim URI (saml)',
      '`given_name`',
      '`family_name`',
    ],
    meaning:
      'the profile claims that identify the person (stored as `external_identifier`; the email when missing; for saml the NameID, lower-cased) and fill the user',
  },
  {
    names: [
      'AUTH_<NAME>_CLIENT_URL',
      'AUTH_<NAME>_BIND_DN',
      'AUTH_<NAME>_BIND_PASSWORD',
      'AUTH_<NAME>_USER_DN',
      'AUTH_<NAME>_USER_ATTRIBUTE',
      'AUTH_<NAME>_USER_SCOPE',
    ],
    defaults: ['unset', 'unset', 'unset', 'unset', '`cn`', '`one`'],
    meaning:
      "the `ldap` driver: the server (`ldap://host:389`), the account that searches, and where and by which attribute a sign-in's identifier is looked up (`base`, `one` or `sub`)",
  },
  {
    names: [
      'AUTH_<NAME>_MAIL_ATTRIBUTE',
      'AUTH_<NAME>_FIRST_NAME_ATTRIBUTE',
      'AUTH_<NAME>_LAST_NAME_ATTRIBUTE',
      'AUTH_<NAME>_GROUP_DN',
      'AUTH_<NAME>_GROUP_ATTRIBUTE',
      'AUTH_<NAME>_GROUP_SCOPE',
    ],
    defaults: ['`mail`', '`givenName`', '`sn`', 'unset', '`member`', '`one`'],
    meaning:
      "the `ldap` driver: the attributes that fill the user, and the groups (their `cn` is a role's name) that choose the user's role at each sign-in",
  },
  {
    names: ['AUTH_<NAME>_IDP_metadata', 'AUTH_<NAME>_SP_metadata'],
    defaults: ['unset', 'empty'],
    meaning:
      "the `saml` driver: the identity provider's metadata XML (entity ID, HTTP-Redirect sign-in URL, signing certificates; required) and Vellum's own (entity ID and HTTP-POST assertion consumer URL; empty: `<PUBLIC_URL>/auth/login/<name>/metadata` and `/acs`); the upper-case spelling is read too",
  },
  {
    names: ['AUTH_<NAME>_CLIENT_TLS_CA', 'AUTH_<NAME>_CLIENT_TLS_REJECT_UNAUTHORIZED', 'AUTH_<NAME>_CLIENT_STARTTLS'],
    defaults: ['unset', '`true`', '`false`'],
    meaning:
      "the `ldap` driver over TLS (an `ldaps://` URL, or STARTTLS on `ldap://` before any bind): the PEM certificate(s) to trust besides the system's (`_FILE` for a path), whether the server's certificate is checked at all",
  },
  {
    names: ['AUTH_<NAME>_ROLE_MAPPING', 'AUTH_<NAME>_GROUP_CLAIM_NAME', 'AUTH_<NAME>_PARAMS'],
    defaults: ['unset', '`groups`', 'unset'],
    meaning:
      'the `openid` and `oauth2` drivers: a JSON object (`json:` prefix allowed) of group names to role ids, and the profile claim that lists the person\'s groups (when set, the first mapped group gives the role at each sign-in, none the default role); a JSON object of extra authorization request parameters (`{"response_mode":"form_post"}`), which never replace the ones Vellum sets',
  },
  {
    names: ['AUTH_<NAME>_GIVEN_NAME_KEY', 'AUTH_<NAME>_FAMILY_NAME_KEY'],
    defaults: [
      '`http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname`',
      '`http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname`',
    ],
    meaning: "the `saml` driver: the assertion attributes that fill the user's names",
  },
];
