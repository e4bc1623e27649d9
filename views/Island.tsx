import type { ComponentProps, ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { islands, type IslandName } from "../islands/registry";

/** islands/client.tsx hydrates with the same prefix. */
const islandIdPrefix = (name: string) => `${name}-`;

type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]> & object;

/**
 * Renders an island on the server inside a marker carrying its name and JSON props;
 * islands/client.tsx finds the markers and hydrates them with the same props.
 * Each island is rendered as its own root, as the browser hydrates it: React's useId values
 * depend on the position in the tree, so inside the page they would differ from the client's
 * and break every aria-labelledby they feed (a dialog would lose its name). The prefix keeps
 * two islands' ids apart.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const Component = islands[name] as unknown as ComponentType<IslandProps<N>>;
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(name) });
  // The island's own server render, made by React above: the marker only wraps it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is React's output, not user input
  return <div className="island" data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
