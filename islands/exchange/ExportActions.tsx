import { type RefObject, useRef } from "react";
import type { ExportFormat } from "../../src/shared/exchange-format";
import { client } from "../api";
import { toast } from "../toast";
import { useMenu } from "../ui/useMenu";

export interface ExportActionsProps {
  listId: number;
  shareId: string | null;
  /** The menu's button: focus goes back to it when Escape closes the menu. */
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** A file, not JSON: the route's URL, for a link to follow or a text to read. */
const exportUrl = (listId: number, format: ExportFormat, shareId: string | null) =>
  client["task-lists"][":id"].export.$path({ param: { id: listId }, query: { format, shareId: shareId ?? undefined } });

/** The server names the file after the list (Content-Disposition); the link only starts the download. */
function download(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

async function exportText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.text();
}

/**
 * The clipboard is written while the tap still counts as the user's: Safari refuses a write that
 * waits for the network first, so the text goes in as a promise where the browser takes one.
 */
async function copy(url: string) {
  const text = exportText(url);
  try {
    if (typeof ClipboardItem === "function" && navigator.clipboard.write) {
      const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    toast({ title: "Copied", description: "Paste the list wherever you like.", variant: "success" });
  } catch {
    toast({ title: "Could not copy the list", description: "Download it instead, or try again.", variant: "destructive" });
  }
}

/** The Export menu's entries (menu button pattern): Escape or a tap elsewhere closes it. */
export default function ExportActions({ listId, shareId, button, onClose }: ExportActionsProps) {
  const menu = useRef<HTMLDivElement>(null);
  useMenu(menu, button, onClose);

  const entries: Array<[string, () => unknown]> = [
    ["Download Markdown", () => download(exportUrl(listId, "md", shareId))],
    ["Download JSON", () => download(exportUrl(listId, "json", shareId))],
    ["Copy as Markdown", () => copy(exportUrl(listId, "md", shareId))],
    ["Copy as text", () => copy(exportUrl(listId, "txt", shareId))],
  ];
  return (
    <div ref={menu} role="menu" aria-label="Export list" className="actions-menu__list">
      {entries.map(([label, run]) => (
        <button
          key={label}
          type="button"
          role="menuitem"
          className="actions-menu__item"
          onClick={() => {
            onClose();
            button.current?.focus();
            void run();
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
