import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { isPostgresAvailable, POSTGRES_ADMIN_URL } from "../helpers/databases";
import { LEASE_MS } from "../../src/domain/idempotency";
import { createList, LONG_FAULTS, runConcurrently, signUp } from "../helpers/fault-load";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

/**
 * With PostgreSQL gone every request used to be a generic 500. Behind a TCP proxy
 * the test cuts the database off for 5 s while clients read and write: each request is answered
 * 503 with Retry-After meanwhile, the process stays up, and once the network is back the same
 * process reads and writes again with nothing acknowledged lost. Writes the cut caught holding an
 * Idempotency-Key let it go at once (docs/decisions/018-idempotency.md): their retries with the
 * same key run as soon as the database answers again, not when the lease runs out.
 */
const CUT_MS = 5_000;
const CUTS = LONG_FAULTS ? 4 : 1;
const WRITERS = 4;
const READERS = 2;
/** Shorter than a key's lease, so only letting the key go can free it for the retry. */
const SHORT_CUT_MS = 1_500;

interface Seen {
  status: number | string;
  retryAfter: string | null;
  error?: string;
  /** Whether the database was still cut off when the answer arrived. */
  whileCut: boolean;
  sentWhileCut: boolean;
}

/** Each test has a proxy of its own, so the three run together: most of their time is a cut's wait. */
const proxyToPostgres = (): TcpProxy => startTcpProxy("127.0.0.1", Number(new URL(POSTGRES_ADMIN_URL).port || 5432));

describe.runIf(await isPostgresAvailable())("PostgreSQL cut off for 5 s", { concurrent: true }, () => {
  const name = `listwell_outage_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = new SQL(POSTGRES_ADMIN_URL, { max: 1 });

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });

  it(
    "answers 503 with Retry-After during the cut, stays up, and serves reads and writes again after it without losing anything",
    async () => {
      const proxy = proxyToPostgres();
      const url = new URL(POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
      url.host = proxy.address;
      const server = await startServerProcess({ DATABASE_URL: url.toString(), INVITE_CODE: "outage" });
      try {
        const owner = await signUp(server, "owner");
        const lists = [await createList(owner, "One"), await createList(owner, "Two")];
        let cut = false;
        const call = async (method: string, path: string, body?: unknown): Promise<Seen & { json: unknown }> => {
          const sentWhileCut = cut;
          const headers: Record<string, string> = { cookie: owner.cookie };
          if (body !== undefined) headers["content-type"] = "application/json";
          try {
            const response = await fetch(server.url + path, {
              method,
              headers,
              body: body === undefined ? undefined : JSON.stringify(body),
            });
            const json = await response.json().catch(() => undefined);
            const error = (json as { error?: string } | undefined)?.error;
            return { status: response.status, retryAfter: response.headers.get("retry-after"), error, whileCut: cut, sentWhileCut, json };
          } catch (failure) {
            return {
              status: String((failure as { code?: string }).code ?? failure),
              retryAfter: null,
              whileCut: cut,
              sentWhileCut,
              json: undefined,
            };
          }
        };

        const acknowledged = new Set<string>();
        const seen: Seen[] = [];
        let written = 0;
        let stop = false;
        const load = Promise.all([
          runConcurrently(
            WRITERS,
            async () => {
              const title = `Item ${written++}`;
              const answer = await call("POST", "/api/tasks", { listId: lists[written % 2]!.id, title });
              seen.push(answer);
              if (answer.status === 201) acknowledged.add(title);
              await Bun.sleep(50);
            },
            // Below the two lists' item limit: every acknowledged item is kept for the final check.
            () => stop || acknowledged.size >= 180,
          ),
          runConcurrently(
            READERS,
            async () => {
              seen.push(await call("GET", `/api/tasks?listId=${lists[0]!.id}`));
              await Bun.sleep(50);
            },
            () => stop,
          ),
        ]);

        for (let n = 0; n < CUTS; n++) {
          await Bun.sleep(300);
          cut = true;
          proxy.cut();
          await Bun.sleep(CUT_MS);
          cut = false;
          proxy.restore();
        }
        // A client told Retry-After tries again: the first write after the cut may meet a connection still being made.
        let again = await call("POST", "/api/tasks", { listId: lists[1]!.id, title: "After the cut" });
        for (let tries = 0; again.status !== 201 && tries < 20; tries++) {
          await Bun.sleep(500);
          again = await call("POST", "/api/tasks", { listId: lists[1]!.id, title: "After the cut" });
        }
        stop = true;
        await load;

        const duringCut = seen.filter((answer) => answer.sentWhileCut);
        const tally = (answers: Seen[]) =>
          answers.reduce<Record<string, number>>((sum, a) => {
            sum[a.status] = (sum[a.status] ?? 0) + 1;
            return sum;
          }, {});
        console.log(
          `postgres outage: during the cut ${JSON.stringify(tally(duringCut))}, in all ${JSON.stringify(tally(seen))}, ${acknowledged.size} acknowledged`,
        );

        expect(server.child.exitCode).toBeNull();
        expect(duringCut.length).toBeGreaterThan(0);
        // Nobody waited out the cut: every client got answer after answer while it lasted.
        expect(duringCut.filter((answer) => answer.whileCut).length).toBeGreaterThan((WRITERS + READERS) * 4);
        // Each request sent during the cut was answered 503 with Retry-After, or served once the network was back.
        for (const answer of duringCut.filter((answer) => answer.status !== 200 && answer.status !== 201)) {
          expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/), error: "DATABASE_UNAVAILABLE" });
        }
        expect(seen.filter((answer) => typeof answer.status === "string" || answer.status === 500)).toEqual([]);
        expect(again.status).toBe(201);
        const present = new Set<string>();
        for (const list of lists) {
          const read = await call("GET", `/api/tasks?listId=${list.id}`);
          expect(read.status).toBe(200);
          for (const task of read.json as Task[]) present.add(task.title);
        }
        expect([...acknowledged].filter((title) => !present.has(title))).toEqual([]);
        expect(present.has("After the cut")).toBe(true);
      } finally {
        await server.stop(9);
        proxy.close();
      }
    },
    LONG_FAULTS ? 120_000 : 60_000,
  );

  /** One server, or two on the same database: the retries of the writes the cut failed go to the last. */
  for (const servers of [1, 2]) {
    const where = servers === 1 ? "the same instance" : "another instance";
    it(`lets go at once of the Idempotency-Keys of writes the cut failed: their retries on ${where} run once the database is back`, async () => {
      expect(SHORT_CUT_MS).toBeLessThan(LEASE_MS);
      const keysName = `${name}_keys${servers}`;
      await admin.unsafe(`CREATE DATABASE ${keysName}`);
      const proxy = proxyToPostgres();
      const url = new URL(POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${keysName}`));
      url.host = proxy.address;
      const first = await startServerProcess({ DATABASE_URL: url.toString(), INVITE_CODE: "outage" });
      const retried = servers === 1 ? first : await startServerProcess({ DATABASE_URL: url.toString(), INVITE_CODE: "outage" });
      try {
        const owner = await signUp(first, "keeper");
        const list = await createList(owner, "Keys");
        const send = (server: ServerProcess, key: string, title: string) =>
          fetch(`${server.url}/api/tasks`, {
            method: "POST",
            headers: { cookie: owner.cookie, "content-type": "application/json", "Idempotency-Key": key },
            body: JSON.stringify({ listId: list.id, title }),
          }).then(
            async (response) => ({
              status: response.status,
              error: ((await response.json().catch(() => ({}))) as { error?: string }).error,
            }),
            (failure: unknown) => ({ status: 0, error: String(failure) }),
          );

        let cut = false;
        let written = 0;
        const failed: Array<{ key: string; title: string }> = [];
        const load = runConcurrently(
          8,
          async () => {
            const title = `Keyed ${written++}`;
            const key = crypto.randomUUID();
            const answer = await send(first, key, title);
            if (answer.status === 503) failed.push({ key, title });
            else expect(answer.status).toBe(201);
            await Bun.sleep(10);
          },
          () => cut,
        );
        // Cut within half a second, and well before the list's 100 items: a write past the limit
        // is refused (403), not cut, and writes have grown fast enough to get there.
        const cutBy = Date.now() + 500;
        while (written < 60 && Date.now() < cutBy) await Bun.sleep(5);
        cut = true;
        proxy.cut();
        // Only writes sent before the cut are left: each held its key when the cut came.
        await load;
        await Bun.sleep(SHORT_CUT_MS);
        proxy.restore();
        const restoredAt = Date.now();

        expect(failed.length).toBeGreaterThan(0);
        // Each failed write is sent again with its key until it lands: 503 while the connection is
        // made again, then written, well before the lease it held would have run out. A write whose
        // commit landed just as the cut came is not written again: its key says its answer was lost.
        const answers: Array<{ status: number; error?: string }> = [];
        let reachableAt: number | undefined;
        let pending = [...failed];
        while (pending.length > 0 && Date.now() - restoredAt < 3 * LEASE_MS) {
          const round = await Promise.all(pending.map((write) => send(retried, write.key, write.title)));
          answers.push(...round);
          if (round.some((answer) => answer.status !== 503)) reachableAt ??= Date.now();
          pending = pending.filter((_, n) => round[n]!.status !== 201 && round[n]!.error !== "IDEMPOTENCY_KEY_ANSWER_LOST");
          if (pending.length > 0) await Bun.sleep(100);
        }
        const settledMs = Date.now() - restoredAt;
        const afterReachableMs = Date.now() - (reachableAt ?? restoredAt);
        const tally = answers.reduce<Record<string, number>>((sum, a) => {
          sum[a.error ?? a.status] = (sum[a.error ?? a.status] ?? 0) + 1;
          return sum;
        }, {});
        console.log(
          `postgres outage, keyed retries on ${where}: ${failed.length} failed writes settled ${settledMs} ms after the database came back, ${afterReachableMs} ms after it first answered; answers ${JSON.stringify(tally)}`,
        );
        expect(pending).toEqual([]);
        // This instance knows its own requests are over: never "in progress". Another learns it
        // from the database, which the holder tells within 100 ms of reaching it again.
        if (servers === 1) expect(answers.filter((answer) => answer.error === "IDEMPOTENCY_KEY_IN_PROGRESS")).toEqual([]);
        else expect(afterReachableMs).toBeLessThan(2_000);
        expect(settledMs).toBeLessThan(LEASE_MS);
        // Read where the retries went: the first instance may still be making its connection again.
        const read = await fetch(`${retried.url}/api/tasks?listId=${list.id}`, { headers: { cookie: owner.cookie } });
        expect(read.status).toBe(200);
        const titles = ((await read.json()) as Task[]).map((task) => task.title);
        for (const write of failed) expect(titles.filter((title) => title === write.title)).toEqual([write.title]);
      } finally {
        await first.stop(9);
        if (retried !== first) await retried.stop(9);
        proxy.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${keysName} WITH (FORCE)`);
      }
    }, 60_000);
  }
});
