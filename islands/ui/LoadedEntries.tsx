import { Spinner } from "./Icon";

/** One line of a dialog's record (the activity, the reset history): what, and when beneath it. */
export interface Entry {
  key: number;
  text: string;
  hint: string;
}

export interface LoadedEntriesProps {
  /** Null while they load. */
  entries: Entry[] | null;
  /** Why they could not be read; shown instead. */
  error: string | undefined;
  /** What an empty record says. */
  empty: string;
}

/** A record read when its dialog opens: loading, the reason it failed, its empty words, or its lines. */
export function LoadedEntries({ entries, error, empty }: LoadedEntriesProps) {
  if (error) return <p className="form-error">{error}</p>;
  if (!entries) return <Spinner label="Loading" />;
  if (entries.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="share__people">
      {entries.map((entry) => (
        <li key={entry.key}>
          <div className="share__name">
            {entry.text}
            <div className="field__hint">{entry.hint}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
