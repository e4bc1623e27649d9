import { useState } from "react";
import type { WebhookAdminSettings } from "../../src/shared/webhooks";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Switch } from "../ui/Switch";

/** Admin "Webhooks": whether lists' webhooks may call private and loopback addresses (docs/decisions/063-webhooks.md). */
export default function WebhookAddresses({ allowPrivate, fromEnvironment }: WebhookAdminSettings) {
  const [allowed, setAllowed] = useState(allowPrivate);
  const [pending, setPending] = useState(false);

  async function change(allow: boolean) {
    setPending(true);
    try {
      setAllowed((await client.admin.webhooks.$put({ json: { allowPrivate: allow } })).allowPrivate);
      toast({ title: allow ? "Private addresses allowed" : "Private addresses refused", variant: "success" });
    } catch (error) {
      toast({ title: "The setting was not changed", description: errorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="stack">
      <Switch
        checked={allowed}
        disabled={pending || fromEnvironment}
        onChange={(allow) => void change(allow)}
        label="Allow private addresses"
      />
      <p className="muted">
        {fromEnvironment
          ? "WEBHOOK_ALLOW_PRIVATE=1 keeps this on for this server."
          : "Off, webhooks can only call the public internet: never this server, its network or a cloud's metadata service."}
      </p>
    </div>
  );
}
