/** The one error the domain throws; the HTTP layer turns it into `{message, error?, issues?}`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503 | 507;

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly code?: string,
    readonly issues?: unknown[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = "Authentication required. Please log in again.") => new AppError(401, message);
export const forbidden = (message: string, code?: string) => new AppError(403, message, code);
export const notFound = (message = "Not found", code?: string) => new AppError(404, message, code);
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
