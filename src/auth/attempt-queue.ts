/**
 * @module Sign-in attempts from one address run one at a time. A limit is checked before the
 * password hash and counted after it, so attempts sent all at once would each see room under the
 * limit: 500 parallel guesses would all be tried. In turn, the eleventh sees the ten before it.
 */
const running = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(key: string, attempt: () => Promise<T>): Promise<T> {
  const current = (running.get(key) ?? Promise.resolve()).catch(() => {}).then(attempt);
  running.set(key, current);
  try {
    return await current;
  } finally {
    if (running.get(key) === current) running.delete(key);
  }
}
