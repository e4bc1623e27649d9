/**
 * `wire<T>()` (src/shared/wire.ts) ties an answer's schema to its wire type: these cases are
 * checked by the type check (`tsc`, part of `npm test`); each `@ts-expect-error` fails it the day
 * `wire` stops refusing that drift. The runtime case only proves the schema is handed back as is.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { wire } from "../../src/shared/wire";

interface Row {
  id: number;
  note?: string | null;
  owner: { name: string; since?: number } | null;
}
const owner = z.object({ name: z.string(), since: z.number().optional() });
const fields = { id: z.number(), note: z.string().nullable().optional(), owner: owner.nullable() };

describe("wire", () => {
  it("hands back the schema it is given when it matches the type", () => {
    const schema = z.object(fields);
    expect(wire<Row>()(schema)).toBe(schema);
    expect(wire<Row[]>()(z.array(schema)).parse([{ id: 1, owner: null }])).toEqual([{ id: 1, owner: null }]);
  });

  it("refuses a schema that lacks a field, even an optional or nested one, or types one otherwise", () => {
    // @ts-expect-error an optional field of the type is missing from the schema
    wire<Row>()(z.object({ id: fields.id, owner: fields.owner }));
    // @ts-expect-error a nested optional field is missing
    wire<Row>()(z.object({ ...fields, owner: z.object({ name: z.string() }).nullable() }));
    // @ts-expect-error a field has another type
    wire<Row>()(z.object({ ...fields, id: z.string() }));
    // @ts-expect-error the schema has a field the type lacks
    wire<Row>()(z.object({ ...fields, extra: z.boolean() }));
    // @ts-expect-error an item of a list lacks a field
    wire<Row[]>()(z.array(z.object({ id: fields.id, owner: fields.owner })));
  });
});
