import "./zod-jitless";
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islands, type IslandName } from "./registry";

/** Marks the island once React has attached to it, so tests and styles can tell. */
function Hydrated({ marker, children }: { marker: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    marker.dataset.hydrated = "true";
  }, [marker]);
  return children;
}

/** The browser's only entry: hydrate each server-rendered island marker with its own props. */
for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const Component = islands[marker.dataset.island as IslandName] as ComponentType<Record<string, unknown>> | undefined;
  if (!Component) continue;
  const props = JSON.parse(marker.dataset.props ?? "{}") as Record<string, unknown>;
  hydrateRoot(
    marker,
    <Hydrated marker={marker}>
      <Component {...props} />
    </Hydrated>,
    // The prefix views/Island.tsx rendered with, so useId values match the server's.
    { identifierPrefix: `${marker.dataset.island}-` },
  );
}
