import type { ApiError } from "../src/shared/types";

/** A refused call: SPEC §8 "Any non-OK response is an error with text 'status: body'". */
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
 * SPEC §4 session recovery: signed-in pages install a handler for a 401 nobody expected (the
 * session ended elsewhere). The auth page installs none, so its own 401s stay ordinary errors.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  /** The caller deals with a 401 itself; the session-recovery handler stays out of it. */
  handlesUnauthorized?: boolean;
  /** DESIGN §11: a write sent again after a lost answer carries the same key and is applied once. */
  idempotencyKey?: string;
}

/** Every island's call to /api: JSON both ways, cookies sent, errors thrown as ApiRequestError. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
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

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.body.message || fallback : fallback;
