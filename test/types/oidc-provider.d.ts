/**
 * The part of oidc-provider (a test-only dependency that ships no types) the tests use: a provider with
 * static clients and accounts, served through node:http.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    pkce?: { required: () => boolean };
    findAccount(ctx: unknown, sub: string): Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
