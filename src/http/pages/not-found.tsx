import { NotFoundPage } from "../../../views/NotFoundPage";
import type { AppContext } from "../env";
import { pageTheme, renderPage } from "./render";

export const renderNotFound = (c: AppContext) =>
  renderPage(c, <NotFoundPage assets={c.get("deps").assets} theme={pageTheme(c)} />, 404);
