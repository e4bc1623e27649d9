import { lazy, Suspense, useState } from "react";
import { needsNetwork } from "../offline/useOffline";
import { Icon } from "../ui/Icon";

/** The dialog loads on first use: Home and Settings ship only this button. */
const ImportDialog = lazy(() => import("./ImportDialog"));

export interface ImportButtonProps {
  /** Home's button sits beside New List; Settings' is an outlined one in its section. */
  variant: "home" | "settings";
  /** Home offline: an import makes a list, which needs the server. */
  offline?: boolean;
}

/** 'Import list' (docs/product-rules.md#export-and-import): a Markdown or JSON file, or pasted text, becomes a new list. */
export default function ImportButton({ variant, offline = false }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={variant === "home" ? "button button--outline" : "button button--outline button--small"}
        {...needsNetwork(offline)}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="import" size={variant === "home" ? 18 : 16} /> {variant === "home" ? "Import list" : "Import a list"}
      </button>
      {used && (
        <Suspense fallback={null}>
          <ImportDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
