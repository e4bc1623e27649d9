import type { LiveMessage } from "../../src/shared/realtime";
import type { Task, TaskList } from "../../src/shared/types";
import { TestSocket } from "./live";
import type { ServerProcess } from "./server-process";
import { TEST_PASSWORD } from "./test-app";

/**
 * Load and checks shared by the fault tests (tests/faults/): an HTTP client for a real server
 * process that tells an answer from a lost one, and a websocket client that keeps its own copy
 * of a list from the events it receives, as a browser tab does.
 */

/** LISTWELL_FAULTS=long runs the fault tests at the sizes the issue measured; `npm test` runs them short. */
export const LONG_FAULTS = process.env.LISTWELL_FAULTS === "long";

export type Json = { [field: string]: unknown; message?: string; error?: string };

export interface Answer<T> {
  status: number;
  body: T;
}

/** A call that got an answer, or the network error that stood in for one (ECONNRESET, ECONNREFUSED …). */
export type Outcome<T> = Answer<T> | { error: string };

export const answered = <T>(outcome: Outcome<T>): outcome is Answer<T> => "status" in outcome;

/** The code Bun's fetch gives a failed connection, or its message when it has none. */
export function networkError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return code ?? message ?? String(error);
}

/** A caller with its own session cookie (or a shareId on every call), speaking JSON to a real port. */
export class HttpClient {
  cookie = "";
  constructor(
    readonly base: string,
    readonly shareId?: string,
  ) {}

  /** Throws on a network error: for set-up calls that must get through. */
  async send<T = Json>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookie) headers.cookie = this.cookie;
    const url = this.base + path + (this.shareId ? `${path.includes("?") ? "&" : "?"}shareId=${this.shareId}` : "");
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0]!;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the body is kept as text for the assertion message.
    }
    return { status: response.status, body: parsed as T };
  }

  /** Never throws: a lost answer is an outcome the fault tests count. */
  async attempt<T = Json>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
    try {
      return await this.send<T>(method, path, body);
    } catch (error) {
      return { error: networkError(error) };
    }
  }

  /** A set-up call that must answer `status`. */
  async expect<T = Json>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.send<T>(method, path, body);
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** Registers (the first user of a fresh database is the admin) and answers a signed-in client. */
export async function signUp(server: ServerProcess, username: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  await client.expect(201, "POST", "/api/register", { username, password: TEST_PASSWORD, inviteCode: server.inviteCode });
  return client;
}

/** Signs in again after a restart (sessions survive it, but a test may start from a new process's URL). */
export async function signIn(url: string, username: string): Promise<HttpClient> {
  const client = new HttpClient(url);
  await client.expect(200, "POST", "/api/login", { username, password: TEST_PASSWORD });
  return client;
}

export const createList = (client: HttpClient, name: string) => client.expect<TaskList>(201, "POST", "/api/task-lists", { name });

export const createItem = (client: HttpClient, listId: number, title: string) =>
  client.expect<Task>(201, "POST", "/api/tasks", { listId, title });

/** Resolves with the close code the server sent, or rejects after `timeoutMs`. */
export function closeCode(ws: WebSocket, timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("websocket was not closed")), timeoutMs);
    ws.addEventListener("close", (event) => {
      clearTimeout(timer);
      resolve(event.code);
    });
  });
}

/** The fields a person sees of an item, for comparing two copies of a list. */
export const visible = (task: Task) => ({
  id: task.id,
  title: task.title,
  completed: task.completed,
  position: task.position,
  parentId: task.parentId,
});

export const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * A websocket client following a list by its link and applying every event to its own copy,
 * refetching on `connect` and `resync` as the list page does (docs/product-rules.md#live-updates).
 */
export class LiveCopy {
  readonly items = new Map<number, Task>();
  events = 0;
  refetches = 0;
  private refetching: Promise<void> = Promise.resolve();

  private constructor(
    readonly socket: TestSocket,
    private readonly reader: HttpClient,
  ) {}

  static async follow(url: string, shareId: string): Promise<LiveCopy> {
    const socket = await TestSocket.open(`${url.replace("http", "ws")}/ws`);
    const copy = new LiveCopy(socket, new HttpClient(url, shareId));
    socket.ws.addEventListener("message", (event) => copy.apply(JSON.parse(String(event.data)) as LiveMessage));
    const answer = await socket.connect({ shareId });
    if (answer.type !== "connect" && answer.type !== "subscribed") throw new Error(`follow refused: ${JSON.stringify(answer)}`);
    await copy.refetching;
    return copy;
  }

  private apply(message: LiveMessage) {
    const payload = message.payload as { tasks?: Task[]; deletedIds?: number[]; id?: number | null } & Partial<Task>;
    switch (message.type) {
      case "connect":
      case "resync":
        this.refetch();
        return;
      case "task_created":
      case "task_updated":
        this.events++;
        this.items.set(payload.id!, payload as Task);
        return;
      case "task_deleted":
        this.events++;
        for (const id of [...(payload.deletedIds ?? []), ...(payload.id ? [payload.id] : [])]) this.items.delete(id);
        return;
      case "tasks_reordered":
      case "tasks_reset":
        this.events++;
        for (const task of payload.tasks ?? []) if (this.items.has(task.id)) this.items.set(task.id, task);
        return;
    }
  }

  private refetch() {
    this.refetches++;
    this.refetching = this.refetching.then(async () => {
      const answer = await this.reader.send<Task[]>("GET", "/api/tasks");
      if (answer.status !== 200) throw new Error(`refetch: ${answer.status}`);
      this.items.clear();
      for (const task of answer.body) this.items.set(task.id, task);
    });
  }

  copy() {
    return [...this.items.values()].map(visible).sort(byId);
  }

  close() {
    this.socket.close();
  }
}

/** Runs `count` loops of `step` at once until `stop()` says so; answers how many steps ran. */
export async function runConcurrently(count: number, step: (index: number) => Promise<void>, stop: () => boolean): Promise<number> {
  let steps = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      while (!stop()) {
        await step(index);
        steps++;
      }
    }),
  );
  return steps;
}

export const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
