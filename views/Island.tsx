import { createContext, useContext, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { assertSerializable, type Serializable } from "../islands/props";
import { islands, type IslandName, type IslandProps } from "../islands/registry";
import { RowMarkup } from "../islands/list/ListBody";
import { IconSprite } from "../islands/ui/Icon";
import { keptRowMarkup } from "./kept-rows";

/** islands/hydrate.tsx hydrates with the same prefix. */
const islandIdPrefix = (name: string) => `${name}-`;

/** Checked on every render outside production: a page test fails on props JSON would change. */
const CHECK_PROPS = process.env.NODE_ENV !== "production";

/** The islands a page rendered, collected by views/Layout.tsx to load and preload only those. */
export const RenderedIslands = createContext<Set<IslandName> | null>(null);

/**
 * Renders an island on the server inside a marker carrying its name and JSON props;
 * islands/hydrate.tsx finds the markers and hydrates them with the same props.
 * Each island is rendered as its own root, as the browser hydrates it: React's useId values
 * depend on the position in the tree, so inside the page they would differ from the client's
 * and break every aria-labelledby they feed (a dialog would lose its name). The prefix keeps
 * two islands' ids apart. A separate root sees no context of the page's, so the icon sprite's URL
 * is handed on, as the client does, and the list's rows are offered their kept markup
 * (views/kept-rows.tsx), which the client has no use for.
 */
type PropsOf<N extends IslandName> = IslandProps[N] & object;

export function Island<N extends IslandName>({ name, props }: { name: N; props: PropsOf<N> & Serializable<IslandProps[N]> }) {
  if (CHECK_PROPS) assertSerializable(name, props);
  useContext(RenderedIslands)?.add(name);
  const sprite = useContext(IconSprite);
  const Component = islands[name] as unknown as ComponentType<PropsOf<N>>;
  const html = renderToString(
    <IconSprite value={sprite}>
      <RowMarkup value={keptRowMarkup}>
        <Component {...props} />
      </RowMarkup>
    </IconSprite>,
    { identifierPrefix: islandIdPrefix(name) },
  );
  // The island's own server render, made by React above: the marker only wraps it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is React's output, not user input
  return <div className="island" data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
