/**
 * @module A zod schema tied to the TypeScript wire type it describes (docs/decisions/062-openapi.md):
 * `wire<Task>()(z.object({...}))` compiles only when the schema's parsed type and `Task` accept the
 * same values and name the same fields, nested objects and lists included. A field added to the
 * type, optional or not, removed, or retyped, without the schema following, fails the type check.
 */
import type * as z from "zod";

/** Both ways assignable, and the same fields all the way down (null and undefined set aside). */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? SameFields<NonNullable<A>, NonNullable<B>> : false) : false;

type SameFields<A, B> = [A] extends [readonly (infer X)[]]
  ? [B] extends [readonly (infer Y)[]]
    ? Exact<X, Y>
    : false
  : [A] extends [object]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? [{ [K in keyof A]-?: K extends keyof B ? Exact<A[K], B[K]> : false }[keyof A]] extends [true]
          ? true
          : false
        : false
      : false
    : true;

/** Answers the schema unchanged; the argument's type refuses a schema that does not match `T`. */
export const wire =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Exact<z.output<S>, T> extends true ? unknown : { "does not match the wire type": T })): S =>
    schema;
