import type { Handler } from "hono";
import { healthCheck } from "../../domain/health";
import type { AppDeps, AppEnv } from "../env";
import { NO_STORE } from "../middleware/conditional";

/**
 * GET /healthz for a monitor or a load balancer: no session, no cookies read, mounted before the
 * middleware that would load them. 200 when every part answers, 503 naming the one that does not.
 */
export function healthz({ store, config }: Pick<AppDeps, "store" | "config">): Handler<AppEnv> {
  const check = healthCheck(store, config.redisUrl);
  return async (c) => {
    const report = await check();
    c.header("Cache-Control", NO_STORE);
    return c.json(report, report.status === "ok" ? 200 : 503);
  };
}
