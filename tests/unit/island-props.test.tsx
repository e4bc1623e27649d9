/**
 * Island props reach the browser as JSON in the marker's data-props: what JSON would change is
 * refused, by type where it is declared and at render otherwise, with the island and path named.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { assertSerializable, type Serializable } from "../../islands/props";
import { Island } from "../../views/Island";

const user = { id: 7, username: "sam", createdAt: 1_700_000_000_000 };

/** The props a marker carries, as the browser's loader reads them. */
const markerProps = (html: string) => {
  const encoded = /data-props="([^"]*)"/.exec(html)?.[1] ?? "";
  return JSON.parse(encoded.replaceAll("&quot;", '"').replaceAll("&amp;", "&")) as unknown;
};

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

describe("island props", () => {
  it("renders an island with plain props, and the marker carries them back unchanged", () => {
    const props = { environment: "test", user };
    const html = renderToString(<Island name="LoginTest" props={props} />);
    expect(html).toContain('data-island="LoginTest"');
    expect(markerProps(html)).toEqual(props);
  });

  it("refuses at render what JSON would turn into something else, naming the island and the path", () => {
    const refusals: Array<[unknown, string]> = [
      [{ at: new Date(0) }, "Island X: props.at is a Date instance"],
      [{ tags: new Map() }, "Island X: props.tags is a Map instance"],
      [{ seen: new Set([1]) }, "Island X: props.seen is a Set instance"],
      [{ onSave: () => undefined }, "Island X: props.onSave is a function"],
      [{ count: 10n }, "Island X: props.count is a bigint"],
      [{ at: new Point(1, 2) }, "Island X: props.at is a Point instance"],
      [{ items: [1, undefined] }, "Island X: props.items[1] is undefined in an array (it would arrive as null)"],
      [{ ratio: Number.NaN }, "Island X: props.ratio is NaN"],
      [{ list: { name: "a", id: Symbol("id") } }, "Island X: props.list.id is a symbol"],
    ];
    for (const [props, message] of refusals) expect(() => assertSerializable("X", props), message).toThrow(message);

    const looped: Record<string, unknown> = { name: "loop" };
    looped.self = looped;
    expect(() => assertSerializable("X", looped)).toThrow("Island X: props.self is a reference back to itself");
    // What JSON carries as it is passes: an optional prop left undefined reads back as missing.
    expect(() => assertSerializable("X", { a: [1, "b", null, { c: true }], missing: undefined, shared: [user, user] })).not.toThrow();
  });

  it("refuses through the island wrapper, so a page that passes such props fails its render", () => {
    const props = { environment: "test", user: { ...user, createdAt: new Date(0) } };
    // @ts-expect-error A Date where the island's props say number: refused by type as well.
    expect(() => renderToString(<Island name="LoginTest" props={props} />)).toThrow(
      "Island LoginTest: props.user.createdAt is a Date instance",
    );
  });

  it("turns what JSON cannot carry to never in the props type", () => {
    type Props = { name: string; onSave: () => void; at: Date; tags: Map<string, number>; ids: Array<number | undefined>; note?: string };
    const plain: Serializable<{ name: string; note?: string; ids: number[] }> = { name: "a", ids: [1] };
    expect(plain.name).toBe("a");
    // @ts-expect-error A function cannot be sent.
    const withFunction: Serializable<Props>["onSave"] = () => undefined;
    // @ts-expect-error A Date arrives as a string.
    const withDate: Serializable<Props>["at"] = new Date(0);
    // @ts-expect-error A Map arrives as {}.
    const withMap: Serializable<Props>["tags"] = new Map<string, number>();
    // @ts-expect-error An array with holes arrives with nulls.
    const withHoles: Serializable<Props>["ids"] = [1, undefined];
    expect([withFunction, withDate, withMap, withHoles]).toHaveLength(4);
  });
});
