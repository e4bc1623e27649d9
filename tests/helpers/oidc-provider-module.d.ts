/** The little of oidc-provider (which ships no types) that tests/helpers/oidc-provider.ts uses. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface KoaContext {
    oidc: {
      client: { clientId: string };
      session: { accountId: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  export interface ProviderConfiguration {
    clients: Array<Record<string, unknown>>;
    findAccount(ctx: KoaContext, id: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    conformIdTokenClaims?: boolean;
    loadExistingGrant?(ctx: KoaContext): Promise<Grant | undefined>;
    cookies?: { keys: string[] };
    pkce?: { required(): boolean };
    renderError?(ctx: { type: string; body: string }, out: Record<string, string>, error: Error): void;
  }
  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    Grant: GrantConstructor;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
