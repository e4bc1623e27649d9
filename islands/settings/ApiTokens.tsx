import { useState } from "react";
import { scopeWords } from "../../src/shared/rules/tokens";
import type { ApiToken } from "../../src/shared/tokens";
import { client, errorMessage } from "../api";
import { timeAgo } from "../shared-lists/relative-time";
import { toast } from "../toast";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { useRefocus } from "../ui/useRefocus";
import { Icon } from "../ui/Icon";
import { type ListChoice, TokenDialog } from "./TokenDialog";

export interface ApiTokensProps {
  tokens: ApiToken[];
  /** The lists a token may be limited to: the user's own and those shared with them. */
  lists: ListChoice[];
  /** The server's time when the page was made, so both renders say the same "3 days ago". */
  now: number;
}

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "Never used" or "Last used 3 days ago". */
const lastUsedWords = (token: ApiToken, now: number) =>
  token.lastUsedAt === null ? "Never used" : `Last used ${timeAgo(token.lastUsedAt, now)}`;

/** "Never expires", "Expires 28 Feb 2027" or "Expired 28 Feb 2027". */
function expiryWords(token: ApiToken, now: number): string {
  if (token.expiresAt === null) return "Never expires";
  const at = Date.parse(token.expiresAt);
  return `${at <= now ? "Expired" : "Expires"} ${DATE.format(at)}`;
}

/**
 * Settings' "API tokens" (docs/decisions/061-api-tokens.md): make one, see each one's scope and use,
 * revoke. Part of the Account tab's island, so no page but /settings loads a line of it.
 */
export function ApiTokens({ tokens: initial, lists, now: renderedAt }: ApiTokensProps) {
  const [tokens, setTokens] = useState(initial);
  const [now, setNow] = useState(renderedAt);
  const [making, setMaking] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken>();
  const [pending, setPending] = useState(false);
  const make = useRefocus<HTMLButtonElement>();
  const names = new Map(lists.map((list) => [list.id, list.name]));

  const reload = async () => {
    const { tokens: fresh } = await client.tokens.$get();
    setTokens(fresh);
    setNow(Date.now());
  };

  async function revoke(token: ApiToken) {
    setPending(true);
    try {
      await client.tokens[":id"].$delete({ param: { id: token.id } });
      setTokens((all) => all.filter((entry) => entry.id !== token.id));
      make.refocus();
      toast({ title: "Token revoked", description: `"${token.name}" no longer works.`, variant: "success" });
    } catch (error) {
      toast({ title: "The token was not revoked", description: errorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
      setRevoking(undefined);
    }
  }

  return (
    <section aria-labelledby="api-tokens-title">
      <div className="settings-row">
        <span className="settings-row__icon" aria-hidden="true">
          <Icon name="key" />
        </span>
        <div className="settings-row__text">
          <h3 id="api-tokens-title">API tokens</h3>
          <p className="muted">Let a script, an iOS Shortcut or Home Assistant read or change your lists.</p>
        </div>
        <button ref={make.ref} type="button" className="button button--outline button--small" onClick={() => setMaking(true)}>
          <Icon name="plus" size={16} />
          Make a token
        </button>
      </div>
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet.</p>
      ) : (
        <ul className="share__people" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="settings-row">
              <div className="settings-row__text">
                <h3>{token.name}</h3>
                <p className="muted">
                  {scopeWords(token.access, token.listIds === null ? null : token.listIds.map((id) => names.get(id) ?? `List ${id}`))}
                </p>
                <p className="muted">
                  {lastUsedWords(token, now)} · {expiryWords(token, now)}
                </p>
              </div>
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <TokenDialog open={making} lists={lists} onMade={() => void reload()} onClose={() => setMaking(false)} />
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke "${revoking?.name ?? ""}"?`}
        description="Anything using this token stops working at once. This cannot be undone."
        confirmLabel="Revoke"
        destructive
        pending={pending}
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(undefined)}
      />
    </section>
  );
}
