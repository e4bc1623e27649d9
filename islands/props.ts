/**
 * @module What a server-rendered island may be given: props travel to the browser as JSON in the
 * island's marker (views/Island.tsx), so only what JSON carries back unchanged is allowed. A
 * function, a Date, a Map, a BigInt or a class instance would arrive as something else (or not
 * at all) and the island would hydrate with props its server render never had
 * (docs/decisions/034-typed-client-forms-signals.md).
 */

type Json = string | number | boolean | null;

/** Kinds JSON turns into something else: refused by type where TypeScript can tell them apart. */
type NotJson =
  | bigint
  | symbol
  | Date
  | RegExp
  | Map<unknown, unknown>
  | Set<unknown>
  | WeakMap<object, unknown>
  | WeakSet<object>
  | Promise<unknown>
  | Error
  | ArrayBufferLike
  | ArrayBufferView;

/**
 * `T` as JSON carries it, with every part it cannot carry turned to `never`, so passing such a
 * value fails the typecheck at the place it is given. An object's property may be missing or
 * undefined (JSON leaves it out and the island reads it as missing); an array's item may not
 * (it would come back as null).
 */
export type Serializable<T> = T extends Json | undefined
  ? T
  : T extends NotJson | ((...args: never[]) => unknown)
    ? never
    : T extends readonly (infer Item)[]
      ? undefined extends Item
        ? never
        : readonly Serializable<Item>[]
      : { [K in keyof T]: K extends string ? Serializable<T[K]> : never };

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** What JSON would do wrong with `value` itself (not its contents), or undefined when nothing. */
function problemOf(value: unknown, inArray: boolean): string | undefined {
  if (value === undefined) return inArray ? "undefined in an array (it would arrive as null)" : undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : String(value);
  if (typeof value === "function" || typeof value === "bigint" || typeof value === "symbol") return `a ${typeof value}`;
  if (typeof value !== "object" || value === null || Array.isArray(value) || isPlainObject(value)) return undefined;
  return value.constructor?.name ? `a ${value.constructor.name} instance` : "an object without a plain prototype";
}

/** Where in `value` the first problem is (a path like `.tasks[3].at`) and what it is. */
type Found = { path: string; problem: string };

/**
 * The first problem inside `value`, depth first. The path is put together only on the way back
 * from a problem: every render outside production walks the props, and most have none.
 */
function findProblem(value: unknown, inArray: boolean, ancestors: Set<object>): Found | undefined {
  if (typeof value !== "object" || value === null) {
    const problem = problemOf(value, inArray);
    return problem ? { path: "", problem } : undefined;
  }
  if (ancestors.has(value)) return { path: "", problem: "a reference back to itself" };
  const problem = problemOf(value, inArray);
  if (problem) return { path: "", problem };
  ancestors.add(value);
  let found: Found | undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && !found; i++) {
      const inner = findProblem(value[i], true, ancestors);
      if (inner) found = { path: `[${i}]${inner.path}`, problem: inner.problem };
    }
  } else {
    for (const key in value) {
      const inner = findProblem((value as Record<string, unknown>)[key], false, ancestors);
      if (inner) {
        found = { path: `.${key}${inner.path}`, problem: inner.problem };
        break;
      }
    }
  }
  ancestors.delete(value);
  return found;
}

/**
 * Throws, naming the island and the path, when `props` holds something JSON would not carry back
 * unchanged: what the type cannot see (a class instance that looks like data, NaN, a cycle, a
 * value that came through `unknown`).
 */
export function assertSerializable(island: string, props: unknown): void {
  if (typeof props !== "object" || props === null || Array.isArray(props)) throw new TypeError(`Island ${island}: props are not an object`);
  const found = findProblem(props, false, new Set());
  if (found) throw new TypeError(`Island ${island}: props${found.path} is ${found.problem}, which cannot be sent to the browser as JSON`);
}
