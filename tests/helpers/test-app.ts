import { createApp } from "../../src/app";
import type { Clock } from "../../src/clock";
import { loadAssets, type Assets } from "../../src/assets";
import { readConfig, type Config } from "../../src/config";
import type { BusMessage, EventBus } from "../../src/domain/bus";
import { createMemoryBus } from "../../src/realtime/bus";
import { createStore, type Store } from "../../src/store";
import { migratedDatabase, type Dialect } from "./databases";
import { TEST_INVITE_CODE } from "./test-run";

export { TEST_INVITE_CODE };
export const TEST_PASSWORD = "password123";

/** Real time, moved forward at will: rules that depend on the time (link expiry) are tested without sleeping. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  store: Store;
  /** The store's clock. */
  clock: TestClock;
  bus: EventBus;
  config: Config;
  assets: Assets;
  dialect: Dialect;
  /** The database's file path (SQLite) or URL (PostgreSQL). */
  databaseUrl: string;
  /** Every message published on the bus since the app was made, with its topic. */
  published: Array<{ topic: string; message: BusMessage }>;
  close(): Promise<void>;
}

/** A whole app on a fresh copy of the dialect's migrated template, as createApp builds it for the server. */
export async function makeTestApp(dialect: Dialect = "sqlite", overrides: Partial<Config> = {}): Promise<TestApp> {
  const { db, url: databaseUrl, drop } = await migratedDatabase(dialect);
  const clock = createTestClock();
  const store = createStore(db, clock);
  const memory = createMemoryBus();
  const published: TestApp["published"] = [];
  const bus: EventBus = {
    ...memory,
    publish: async (topic, message) => {
      published.push({ topic, message });
      await memory.publish(topic, message);
    },
  };
  const config: Config = { ...readConfig({}), sessionSecure: false, ...overrides };
  const assets = await loadAssets();
  const app = createApp({ store, config, bus, assets });
  return { app, store, clock, bus, config, assets, dialect, databaseUrl, published, close: drop };
}

/** What tests read by default: an object of unknown fields (name a type to read deeper). */
export type JsonBody = { [field: string]: unknown; message?: string; error?: string };

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A caller with its own cookie jar, speaking JSON to the app without opening a port. */
export class Client {
  cookie = "";
  constructor(readonly testApp: TestApp) {}

  async request<T = JsonBody>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
    }
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    const response = await this.testApp.app.request(path, init);
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const [pair] = setCookie.split(";");
      this.cookie = pair!.endsWith("=") ? "" : pair!;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Pages answer HTML; the test reads it as text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = JsonBody>(path: string, headers?: Record<string, string>) => this.request<T>("GET", path, undefined, headers);
  post = <T = JsonBody>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>("POST", path, body, headers);
  patch = <T = JsonBody>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>("PATCH", path, body, headers);
  delete = <T = JsonBody>(path: string, headers?: Record<string, string>) => this.request<T>("DELETE", path, undefined, headers);
}

/** Registers a user through the API and answers a client signed in as them. */
export async function registerUser(testApp: TestApp, username: string, password = TEST_PASSWORD) {
  const client = new Client(testApp);
  const response = await client.post("/api/register", { username, password, inviteCode: TEST_INVITE_CODE });
  if (response.status !== 201) throw new Error(`register ${username}: ${response.status} ${JSON.stringify(response.body)}`);
  return Object.assign(client, { user: response.body as { id: number; username: string; createdAt: number } });
}
