import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../domain/errors";
import type { ApiError } from "../shared/types";
import type { AppEnv } from "./env";
import { renderNotFound } from "./pages/not-found";

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** Every failure under /api becomes `{message, error?, issues?}`; never a stack trace or HTML. */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) {
    const body: ApiError = { message: error.message };
    if (error.code) body.error = error.code;
    if (error.issues) body.issues = error.issues;
    if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
    if (!isApi(c.req.path) && error.status === 404) return renderNotFound(c);
    return c.json(body, error.status);
  }
  if (error instanceof HTTPException) {
    const message = error.message || "Request could not be processed";
    return c.json({ message }, error.status);
  }
  c.get("deps")?.logger.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: "Something went wrong on the server. Please try again." }, 500);
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  isApi(c.req.path) ? c.json({ message: "Not found" }, 404) : renderNotFound(c);
