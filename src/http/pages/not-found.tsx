import type { PlainToast } from "../../shared/toast";
import { NotFoundPage } from "../../../views/NotFoundPage";
import type { AppContext } from "../env";
import { pageTheme, renderPage } from "./render";

export const renderNotFound = (c: AppContext, toast?: PlainToast) =>
  renderPage(c, <NotFoundPage assets={c.get("deps").assets} theme={pageTheme(c)} toast={toast} />, 404);
