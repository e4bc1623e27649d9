import { buildAssets, loadAssets } from "./assets";
import { readConfig } from "./config";
import { runHousekeeping } from "./domain/housekeeping";
import { ensureInviteCode } from "./domain/invites";
import { createLogger, writeJsonLine } from "./logger";
import { createMemoryBus } from "./realtime/bus";
import { createLinkExpirySweeper } from "./realtime/link-expiry";
import { createNotifier } from "./notify/notifier";
import { createRedisBus } from "./realtime/redis-bus";
import { createStore } from "./store";
import { migrate } from "./store/migrate";
import { STOP_GRACE_MS, startServer } from "./serve";
import { openDatabase } from "./store/open";
import { isCompiled } from "./project-files";

/** The entry point: reads the environment, prepares the database and serves (src/serve.ts). */
export async function serve() {
  const config = readConfig();
  const logger = createLogger(config.logLevel, config.logFormat);
  if (config.logFormat === "json") {
    // A crash (the database unreachable at start, a bug) is a log line like any other, then exit 1 as without these.
    const crash = (kind: string) => (error: unknown) => {
      logger.error(`${kind}:`, error);
      process.exit(1);
    };
    process.on("uncaughtException", crash("Uncaught exception"));
    process.on("unhandledRejection", crash("Unhandled rejection"));
  }
  const db = openDatabase(config.databaseUrl);
  await migrate(db);
  const store = createStore(db);
  const inviteCode = await ensureInviteCode(store, config.inviteCode);
  // The binary carries the assets its build made; from the source tree they are built afresh.
  const assets = isCompiled() ? await loadAssets() : await buildAssets();
  // With REDIS_URL, instances behind a load balancer share their events through Redis.
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, { logger }) : createMemoryBus(logger);
  const running = startServer({ store, config, bus, assets, logger }, { port: config.port, hostname: config.host });
  // What expired or outgrew its bound goes, now and every hour (src/domain/housekeeping.ts).
  const purge = () => runHousekeeping(store).catch((error) => logger.error("Housekeeping failed:", error));
  void purge();
  const purgeTimer = setInterval(purge, 60 * 60 * 1000);
  // A live client that followed a list through a link is cut when the link expires (docs/product-rules.md#share-links).
  const linkExpiry = createLinkExpirySweeper(store, bus, logger);
  linkExpiry.start();
  // Web Push: the VAPID keys on first start, then batches and the delivery queue (docs/decisions/050-notifications.md).
  const notifier = createNotifier({ store, bus, config, logger });
  await notifier.start();

  logger.info(`Listwell is running at http://localhost:${running.server.port}`);
  if (config.logFormat === "json") {
    // A log collector must never hold the code (decision 022): whoever runs JSON logs sets INVITE_CODE.
    writeJsonLine("info", "Registration invite code not logged (LOG_FORMAT=json): it is INVITE_CODE, or the Admin panel's");
  } else {
    // Printed even when quiet: without it nobody can register.
    console.log(`Registration invite code: ${inviteCode}`);
  }

  /**
   * Graceful stop: answer what is in flight (bounded by STOP_GRACE_MS), send what the
   * bus still holds, commit the last group-commit batch and close the database, exit 0. A second signal exits at once.
   */
  let stopping = false;
  async function shutdown(signal: NodeJS.Signals) {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting for requests in flight`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: stopping`);
    clearInterval(purgeTimer);
    linkExpiry.stop();
    await notifier.stop();
    const { inFlight, sockets, cut } = await running.stop();
    const unanswered = cut > 0 ? `, ${cut} cut off unanswered after ${STOP_GRACE_MS / 1000} s` : "";
    logger.info(`Stopped listening: ${inFlight} request(s) were in flight${unanswered}, ${sockets} websocket(s) closed`);
    let failed = false;
    // The bus first: its outbox drains (bounded) the events of writes that did commit.
    for (const [name, close] of [
      ["event bus", () => bus.close()],
      ["database", () => db.close()],
    ] as const) {
      try {
        await close();
      } catch (error) {
        failed = true;
        logger.error(`Closing the ${name} failed:`, error);
      }
    }
    logger.info(failed ? "Stopped with errors" : "Stopped: event bus and database closed");
    process.exit(failed ? 1 : 0);
  }
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (import.meta.main) await serve();
