/**
 * @module The islands' one way to the server: `client` mirrors the /api route chain
 * (src/http/api/routes.ts) by type only, so a path, method, input or answer that the server does
 * not have fails the typecheck, and no server code or zod reaches the browser
 * (docs/decisions/034-typed-client-forms-signals.md). `client.tasks[":id"].toggle.$post({ param: { id } })`
 * sends one call and answers its JSON.
 */
import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "../src/http/api/routes";
import type { ApiError } from "../src/shared/types";

/** A refused call: any non-OK response is an error with the text 'status: body' (docs/product-rules.md#on-the-page). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
    /** What the server said, without the status: its JSON message, or its text or status text. */
    readonly serverText = body.message,
  ) {
    super(body.message || `${status}`);
  }
}

const HTML_INSTEAD_OF_JSON = "Received HTML instead of JSON when fetching. This often means a server error.";

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Session recovery: signed-in pages install a handler for a 401 nobody expected (the
 * session ended elsewhere). The auth page installs none, so its own 401s stay ordinary errors.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export interface CallOptions {
  /** The caller deals with a 401 itself; the session-recovery handler stays out of it. */
  handlesUnauthorized?: boolean;
  /** A write sent again after a lost answer carries the same key and is applied once (docs/http-contract.md#idempotency-key). */
  idempotencyKey?: string;
}

/** The JSON of a successful answer, or ApiRequestError with the text the page shows. */
async function answerOf<T>(response: Response, options: CallOptions): Promise<T> {
  if (response.status === 401 && unauthorizedHandler && !options.handlesUnauthorized) {
    unauthorizedHandler();
    // The page is leaving for /auth: settling the call would only put a second error toast up.
    return new Promise<T>(() => {});
  }
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/html")) throw new ApiRequestError(response.status, { message: HTML_INSTEAD_OF_JSON });
  const isJson = type.includes("application/json");
  const data = isJson ? await response.json() : {};
  if (!response.ok) {
    if (typeof data?.message === "string") throw new ApiRequestError(response.status, data);
    const text = (isJson ? "" : (await response.text()).trim()) || response.statusText;
    throw new ApiRequestError(response.status, { ...data, message: `${response.status}: ${text}` }, text);
  }
  return data as T;
}

/**
 * The browser refuses a kept-alive request once the bodies it keeps pass 64 KB; a larger write (an
 * import) goes as an ordinary one.
 */
const KEEPALIVE_BYTES = 60_000;

/**
 * JSON both ways, cookies sent, the key when there is one. A keyed write is kept alive: a tick
 * made just before the person leaves the page still reaches the server instead of being cut off
 * with the page.
 */
function send(url: string, method: string, body: unknown, options: CallOptions = {}): Promise<Response> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  return fetch(url, {
    method,
    credentials: "same-origin",
    keepalive: Boolean(options.idempotencyKey) && (json?.length ?? 0) < KEEPALIVE_BYTES,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
    },
    body: json,
  });
}

/** What a route answers when it succeeds (its error answers arrive as ApiRequestError). */
type Answer<R> =
  R extends ClientResponse<infer T, infer S, infer F> ? (S extends SuccessStatusCode ? (F extends "json" ? T : never) : never) : never;

/** Ids are numbers in the islands; paths and query strings carry them as text. */
type Loose<A> = { [K in keyof A]: K extends "param" | "query" ? { [P in keyof A[K]]: A[K][P] | number } : A[K] };

/**
 * Every route hears the share link its caller holds as `?shareId` (src/http/caller.ts); a route
 * that reads its query string without a schema takes any.
 */
type Args<A> = Loose<A> & { query?: A extends { query: unknown } ? { shareId?: string } : Record<string, string | number | undefined> };

type Call<A, R> = undefined extends A
  ? (args?: Args<NonNullable<A>>, options?: CallOptions) => Promise<Answer<R>>
  : (args: Args<A>, options?: CallOptions) => Promise<Answer<R>>;

/**
 * Hono's client type with each `$method` answering the route's JSON instead of a Response, and
 * `$path` giving the route's URL (for a download link, or a body that is not JSON).
 */
type Typed<T> = {
  [K in keyof T as K extends "$url" | "$ws" ? never : K]: K extends "$path"
    ? T[K] extends (arg?: infer P) => unknown
      ? (arg?: Args<NonNullable<P>>) => string
      : never
    : T[K] extends (args: infer A, ...rest: never[]) => Promise<infer R>
      ? Call<A, R>
      : Typed<T[K]>;
};

interface CallArgs {
  param?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
}

function urlOf(segments: string[], { param = {}, query = {} }: CallArgs): string {
  const path = segments.map((segment) => (segment.startsWith(":") ? encodeURIComponent(String(param[segment.slice(1)])) : segment));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `/api/${path.join("/")}${text ? `?${text}` : ""}`;
}

/** Each property read is a path segment; calling a `$method` sends the call, `$path` names it. */
function route(segments: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, key) => (typeof key === "string" && key !== "then" ? route([...segments, key]) : undefined),
    apply: (_, __, [args = {}, options = {}]: [CallArgs?, CallOptions?]) => {
      const url = urlOf(segments.slice(0, -1), args);
      const last = segments.at(-1)!;
      if (last === "$path") return url;
      return send(url, last.slice(1).toUpperCase(), args.json, options).then((response) => answerOf(response, options));
    },
  });
}

export const client = route([]) as Typed<ReturnType<typeof hc<ApiRoutes, "/api">>>;

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.body.message || fallback : fallback;
