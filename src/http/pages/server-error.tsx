import { renderToString } from "react-dom/server";
import { ServerErrorPage } from "../../../views/ServerErrorPage";
import type { AppContext } from "../env";
import { pageTheme } from "./render";

/** The HTML answer to a page request that failed on the server's side (5xx). */
export function renderServerError(c: AppContext, status: 500 | 503 | 507, heading: string, message: string) {
  c.header("Cache-Control", "no-store");
  const page = <ServerErrorPage assets={c.get("deps").assets} theme={pageTheme(c)} heading={heading} message={message} />;
  return c.html(`<!DOCTYPE html>${renderToString(page)}`, status);
}
