import { useState } from "react";
import type { ImportFormat } from "../../src/shared/exchange-format";
import { LIST_NAME_MAX } from "../../src/shared/rules/lists";
import type { TaskList } from "../../src/shared/types";
import { ApiRequestError, client, errorMessage } from "../api";
import { Dialog } from "../ui/Dialog";
import { emit } from "../signals";
import { Spinner } from "../ui/Icon";
import { useForm } from "../ui/useForm";

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/** JSON by its file's name or its first character; anything else is read as a Markdown (or plain) list. */
const formatOf = (content: string, fileName: string | undefined): ImportFormat =>
  fileName?.toLowerCase().endsWith(".json") || content.trimStart().startsWith("{") ? "json" : "md";

/** A Markdown list without a `# heading` is named after its file: "groceries.md" → "groceries". */
const nameOf = (fileName: string | undefined) =>
  fileName
    ?.replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, LIST_NAME_MAX)
    .trim() || undefined;

/** What an import made: one list, or every list of an "export all" file. */
type Imported = TaskList | { lists: TaskList[] };

/** The way to what was imported: the list itself, or Home for several. */
function outcome(imported: Imported) {
  if (!("lists" in imported)) {
    return {
      title: "List imported",
      text: `"${imported.name}" is now one of your lists.`,
      href: `/list/${imported.id}`,
      link: "Open list",
    };
  }
  return {
    title: "Lists imported",
    text: `${imported.lists.length} ${imported.lists.length === 1 ? "list is" : "lists are"} now among yours.`,
    href: "/",
    link: "Go to My Lists",
  };
}

/** Settings' and Home's import (docs/product-rules.md#export-and-import): a file or pasted text → a new list, then a way to open it. */
export default function ImportDialog({ open, onClose }: ImportDialogProps) {
  const [imported, setImported] = useState<Imported | null>(null);
  const done = imported && outcome(imported);
  const close = () => {
    onClose();
    setImported(null);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={done ? done.title : "Import a list"}
      description={done ? done.text : "A Markdown or JSON file (or pasted text) becomes a new list, with its ticks and sub-items."}
      actions={
        done && (
          <>
            <button type="button" className="button button--outline" onClick={close}>
              Close
            </button>
            <a className="button button--primary" href={done.href} data-autofocus>
              {done.link}
            </a>
          </>
        )
      }
    >
      {!imported && <ImportForm onClose={close} onImported={setImported} />}
    </Dialog>
  );
}

function ImportForm({ onClose, onImported }: { onClose: () => void; onImported: (imported: Imported) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({
    initial: { pasted: "" },
    // What the file or the text holds is judged by the server; the form only needs one of them.
    check: ({ pasted }) => ({ success: true, data: pasted }),
    send: async (pasted) => {
      const content = file ? await file.text() : pasted;
      const imported = await client["task-lists"].import.$post({
        json: { format: formatOf(content, file?.name), content, name: nameOf(file?.name) },
      });
      // Home shows the new list's card at once (HomeScreen listens for this).
      emit("listwell:refresh", { type: "import" });
      onImported(imported);
    },
    refused: (failure) => {
      const tooLarge = failure instanceof ApiRequestError && failure.status === 413;
      return {
        pasted: tooLarge ? "This file is too large to import at once (at most 64 KB)" : errorMessage(failure, "Failed to import the list"),
      };
    },
  });
  const { pasted } = form.values;
  const error = form.errors.pasted;

  return (
    <form className="form" noValidate onSubmit={form.submit}>
      <div className="field">
        <label htmlFor="import-file">File</label>
        <input
          id="import-file"
          type="file"
          accept=".md,.markdown,.txt,.json,text/markdown,text/plain,application/json"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            form.setErrors({});
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="import-text">Or paste the list</label>
        <textarea
          id="import-text"
          rows={5}
          placeholder={"# Groceries\n- [ ] Milk\n- [x] Bread"}
          value={pasted}
          disabled={file !== null}
          onChange={(e) => form.setValue("pasted", e.target.value)}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={form.pending || (!file && pasted.trim() === "")}>
          {form.pending && <Spinner label="Importing" />}
          {form.pending ? "Importing..." : "Import"}
        </button>
      </div>
    </form>
  );
}
