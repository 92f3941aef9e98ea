import type { EnvDoc } from './env-docs';

/** The realtime (WebSocket) variables of the README's configuration table, in their place in env-docs.ts. */
export const WEBSOCKETS_ENV_DOCS: readonly EnvDoc[] = [
  {
    names: ['WEBSOCKETS_ENABLED'],
    defaults: ['`false`'],
    meaning: 'the WebSocket API (subscriptions, items, ping); off by default, as in the reference platform',
  },
  {
    names: ['WEBSOCKETS_REST_ENABLED', 'WEBSOCKETS_REST_PATH'],
    defaults: ['`true`', '`/websocket`'],
    meaning: 'the REST-style socket and its upgrade path (upgrades to a path no socket serves are refused)',
  },
  {
    names: ['WEBSOCKETS_REST_AUTH'],
    defaults: ['`handshake`'],
    meaning:
      '`handshake`: the first message must be `{type:"auth"}` within the timeout; `strict`: `?access_token=` on the upgrade, 401 otherwise; `public`: anonymous (public role) until an auth message',
  },
  {
    names: ['WEBSOCKETS_REST_AUTH_TIMEOUT'],
    defaults: ['`10`'],
    meaning: 'seconds a handshake connection has to authenticate',
  },
  {
    names: ['WEBSOCKETS_REST_CONN_LIMIT'],
    defaults: ['`Infinity`'],
    meaning: 'open sockets per instance; further upgrades get 403',
  },
  {
    names: ['WEBSOCKETS_GRAPHQL_ENABLED', 'WEBSOCKETS_GRAPHQL_PATH'],
    defaults: ['`true`', '`/graphql`'],
    meaning:
      "GraphQL over WebSocket (graphql-transport-ws, the `graphql-ws` library's protocol): `<collection>_mutated(event: create\\|update\\|delete) { key event data { … } }` for every collection the caller may read, one event per written key, `data` read with the caller's permissions (null for a delete); queries and mutations run there too",
  },
  {
    names: ['WEBSOCKETS_GRAPHQL_AUTH'],
    defaults: ['`handshake`'],
    meaning:
      '`handshake`: `connection_init` must carry `{ access_token }` (else the socket closes with 4403, or 4408 when none comes within the timeout); `strict`: `?access_token=` on the upgrade, 401 otherwise; `public`: anonymous (public role) unless a valid token is given; a connection signed in with an expiring token closes with 4403 when it expires',
  },
  {
    names: ['WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT', 'WEBSOCKETS_GRAPHQL_CONN_LIMIT'],
    defaults: ['`10`', '`Infinity`'],
    meaning: 'as their `REST` counterparts, for the GraphQL socket',
  },
  {
    names: ['WEBSOCKETS_MAX_PAYLOAD', 'WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD'],
    defaults: ['`256kb`', '`8kb`'],
    meaning:
      'largest WebSocket message, after and before the connection is signed in; a larger frame closes the socket with 1009 before it is read',
  },
  {
    names: ['WEBSOCKETS_HEARTBEAT_ENABLED', 'WEBSOCKETS_HEARTBEAT_PERIOD'],
    defaults: ['`true`', '`30`'],
    meaning:
      'the server\'s `{type:"ping"}` every period (seconds); a client silent until the next one is closed (on the GraphQL socket: WebSocket ping frames)',
  },
];
