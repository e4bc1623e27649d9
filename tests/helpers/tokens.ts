import type { CreatedApiToken } from "../../src/shared/tokens";
import { Client, type JsonBody, type Response, type TestApp } from "./test-app";

/** A script holding an API token: no cookie, `Authorization: Bearer` on every call. */
export class BearerClient extends Client {
  constructor(
    testApp: TestApp,
    readonly token: string,
  ) {
    super(testApp);
  }

  override request<T = JsonBody>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response<T>> {
    return super.request<T>(method, path, body, { authorization: `Bearer ${this.token}`, ...headers });
  }
}

/** Makes a token through the API as `owner` (signed in) and answers it, failing loudly if refused. */
export async function makeToken(owner: Client, body: Record<string, unknown>): Promise<CreatedApiToken> {
  const made = await owner.post<CreatedApiToken>("/api/tokens", body);
  if (made.status !== 201) throw new Error(`make token: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body;
}
