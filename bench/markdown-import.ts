/**
 * How long the adversarial Markdown import holds a running server (parsers are linear,
 * docs/product-rules.md#limits): `bun bench/markdown-import.ts http://127.0.0.1:PORT INVITE_CODE`. Registers a user, then
 * five times sends a 65 KB import whose `# heading` is "a", 65,000 spaces and "b", with a
 * `/healthz` sent 20 ms later, and prints how long each took. Prints figures, never pass/fail.
 */
import { argv } from "node:process";

const [base = "http://127.0.0.1:3000", inviteCode = ""] = argv.slice(2);
const ROUNDS = 5;

const register = await fetch(`${base}/api/register`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: base },
  body: JSON.stringify({ username: `bench_${Date.now() % 1e9}`, password: "bench-password-1", inviteCode }),
});
const cookie = register.headers.get("set-cookie")?.split(";")[0] ?? "";
if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);

const content = `# a${" ".repeat(65_000)}b\n`;
const timed = async (start: number, request: () => Promise<Response>) => {
  const response = await request();
  await response.text();
  return { status: response.status, ms: performance.now() - start };
};

const imports: number[] = [];
const health: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  const imported = timed(start, () =>
    fetch(`${base}/api/task-lists/import`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: base },
      body: JSON.stringify({ format: "md", content }),
    }),
  );
  await Bun.sleep(20);
  const healthStart = performance.now();
  const checked = await timed(healthStart, () => fetch(`${base}/healthz`));
  const answer = await imported;
  imports.push(answer.ms);
  health.push(checked.ms);
  console.log(
    `round ${round + 1}: import ${answer.status} in ${answer.ms.toFixed(1)} ms; /healthz ${checked.status} in ${checked.ms.toFixed(1)} ms`,
  );
}
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `median: import ${median(imports).toFixed(1)} ms, /healthz sent beside it ${median(health).toFixed(1)} ms (${content.length} characters)`,
);
