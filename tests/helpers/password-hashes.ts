/**
 * Keeps the argon2id work of a test worker to one hash per password (docs/decisions/041-suite-time.md).
 *
 * Every registration hashes its password with argon2id (64 MiB, two passes: 120 ms of CPU, more
 * on a loaded machine) and every sign-in verifies one. The suite registers and signs in over a
 * thousand times, nearly always with the same password, and the servers of the API and browser
 * tests run in the worker's own process. Here the first hash of a password is the product's own
 * call with the product's parameters, and later hashes of it answer that same hash: a real argon2id
 * hash of that password, only its salt shared. A verify of a pair already verified answers as that
 * verify did; a wrong password is a new pair and is verified for real. Servers started as their
 * own process (the fault and operations tests) hash as in production.
 */
type Password = typeof Bun.password;

const INSTALLED = Symbol.for("listwell.test.passwordHashes");
const holder = globalThis as { [INSTALLED]?: true };

if (!holder[INSTALLED]) {
  holder[INSTALLED] = true;
  const hash = Bun.password.hash.bind(Bun.password);
  const verify = Bun.password.verify.bind(Bun.password);
  const hashes = new Map<string, Promise<string>>();
  const verdicts = new Map<string, Promise<boolean>>();
  // Only text passwords are kept; a failed call is forgotten so the next one tries again.
  const once = <T>(memo: Map<string, Promise<T>>, key: string, run: () => Promise<T>) => {
    const known = memo.get(key);
    if (known) return known;
    const answer = run();
    memo.set(key, answer);
    answer.catch(() => memo.delete(key));
    return answer;
  };
  Bun.password.hash = ((password, algorithm) =>
    typeof password === "string"
      ? once(hashes, JSON.stringify([password, algorithm]), () => hash(password, algorithm))
      : hash(password, algorithm)) as Password["hash"];
  Bun.password.verify = ((password, digest, algorithm) =>
    typeof password === "string" && typeof digest === "string"
      ? once(verdicts, JSON.stringify([password, digest, algorithm]), () => verify(password, digest, algorithm))
      : verify(password, digest, algorithm)) as Password["verify"];
}
