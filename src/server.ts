import { buildAssets } from "./assets";
import { readConfig } from "./config";
import { ensureInviteCode } from "./domain/invites";
import { createLogger } from "./logger";
import { createMemoryBus } from "./realtime/bus";
import { createRedisBus } from "./realtime/redis-bus";
import { createStore } from "./store";
import { migrate } from "./store/migrate";
import { startServer } from "./serve";
import { openDatabase } from "./store/open";

/** The entry point: reads the environment, prepares the database and serves (src/serve.ts). */
const config = readConfig();
const logger = createLogger(config.logLevel);
const db = openDatabase(config.databaseUrl);
await migrate(db);
const store = createStore(db);
const inviteCode = await ensureInviteCode(store, config.inviteCode);
const assets = await buildAssets();
// DESIGN §7: with REDIS_URL, instances behind a load balancer share their events through Redis.
const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createMemoryBus();
const running = startServer({ store, config, bus, assets }, { port: config.port, hostname: config.host });

logger.info(`Listwell is running at http://localhost:${running.server.port}`);
// Printed even when quiet: without it nobody can register.
console.log(`Registration invite code: ${inviteCode}`);

async function shutdown() {
  await running.stop();
  await bus.close();
  await db.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
