import { useState } from "react";
import { client } from "../api";
import { emit } from "../signals";
import { toast } from "../toast";
import { Icon, Spinner } from "../ui/Icon";

/** Admin "Deployment Notifications": tell every user about the new version (docs/product-rules.md#versions). */
export default function DeploymentNotice() {
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      // An empty body: the server takes the changes from the app's CHANGELOG.
      const { sentCount } = await client.admin["trigger-version-update"].$post({ json: {} });
      toast({ title: `Version update sent to ${sentCount} connected devices and stored for future users`, variant: "success" });
    } catch {
      // The local fallback: at least this screen shows what users would have seen.
      emit("listwell:version_update", { versionId: `local-${Date.now()}`, changes: [] });
      toast({ title: "Version update shown locally", description: "The server could not send it to other users.", variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <button type="button" className="button button--primary" onClick={send} disabled={sending}>
      {sending ? <Spinner label="Sending update notification" /> : <Icon name="bell" size={18} />}
      {sending ? "Sending..." : "Send Update Notification"}
    </button>
  );
}
