import { createContext, useContext } from "react";
import type { IconName } from "../../src/shared/icon-sprite";

export type { IconName };

/**
 * The URL of this build's icon sprite (/build/icons-HASH.svg). The server's Layout provides it
 * around every page and island it renders, and islands/hydrate.tsx around every island it
 * hydrates, from the loader's `data-icons`: both render the same `<use href>`.
 */
export const IconSprite = createContext("");

/** A lucide-style stroke icon, drawn by reference into the sprite (src/shared/icon-sprite.ts). */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  const sprite = useContext(IconSprite);
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}
