import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../domain/errors";
import { matchedRoute } from "./route-pattern";
import type { ApiError } from "../shared/types";
import { storageFault } from "../store/storage-errors";
import type { AppContext, AppEnv } from "./env";
import { renderNotFound } from "./pages/not-found";
import { renderServerError } from "./pages/server-error";

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

const SERVER_ERROR_MESSAGE = "Something went wrong on the server. Please try again.";

/** What a 5xx page's heading says; the message below it tells the person what to do. */
const HEADINGS: Record<number, string> = {
  500: "Something went wrong",
  503: "Listwell is unavailable for a moment",
  507: "The server's disk is full",
};

function answer(c: AppContext, error: AppError) {
  const body: ApiError = { message: error.message };
  if (error.code) body.error = error.code;
  if (error.issues) body.issues = error.issues;
  if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
  if (!isApi(c.req.path)) {
    if (error.status === 404) return renderNotFound(c);
    if (error.status === 500 || error.status === 503 || error.status === 507) {
      return renderServerError(c, error.status, HEADINGS[error.status]!, error.message);
    }
  }
  return c.json(body, error.status);
}

/**
 * Every failure under /api becomes `{message, error?, issues?}`; never a stack trace or HTML.
 * A storage fault (disk full, database busy or unreachable) is the server's, not the caller's:
 * it answers 507 or 503 with Retry-After and says what happened, and the log names the fault.
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) return answer(c, error);
  if (error instanceof HTTPException) {
    const message = error.message || "Request could not be processed";
    return c.json({ message }, error.status);
  }
  const logger = c.get("deps")?.logger;
  const fault = storageFault(error);
  if (fault) {
    logger?.warn(`${c.req.method} ${matchedRoute(c)} answered ${fault.status}: storage ${fault.kind} (${describe(error)})`);
    return answer(c, new AppError(fault.status, fault.message, fault.code, undefined, fault.retryAfterSeconds));
  }
  logger?.error(`${c.req.method} ${matchedRoute(c)} failed:`, error);
  return answer(c, new AppError(500, SERVER_ERROR_MESSAGE));
};

const describe = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === "string" && part).join(": ");
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) => (isApi(c.req.path) ? c.json({ message: "Not found" }, 404) : renderNotFound(c));
