import { Webhook as Signer } from "standardwebhooks";
import { actorName } from "../shared/attribution";
import { WEBHOOK_TEST_EVENT } from "../shared/rules/webhooks";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { QueuedWebhookCall } from "../store/deliveries";

/**
 * @module What a webhook is sent (docs/decisions/063-webhooks.md): a Standard Webhooks call
 * (https://www.standardwebhooks.com) whose JSON body is `{type, timestamp, data}`, signed with the
 * webhook's secret over its `webhook-id`, `webhook-timestamp` and body; or, for ntfy, the change as
 * one plain sentence with a Title and Tags, which ntfy shows as a phone notification.
 */

/** What every call's `data` holds: the list, who changed it, the change in the activity panel's words, and the event's own payload. */
export interface WebhookData {
  listId: number;
  listName: string;
  actor: string | null;
  action: string;
  subject: string | null;
  payload: unknown;
}

export interface WebhookBody {
  type: string;
  timestamp: string;
  data: WebhookData;
}

export const webhookBody = (type: string, at: number, data: WebhookData): WebhookBody => ({
  type,
  timestamp: new Date(at).toISOString(),
  data,
});

/** Queued once; the `webhook-id` made here is sent on every try of it. */
export async function queueWebhookCall(store: Store, webhookId: number, body: WebhookBody, now: number, tx?: Db): Promise<void> {
  await store.deliveries.enqueueWebhookCall(webhookId, `msg_${crypto.randomUUID().replaceAll("-", "")}`, JSON.stringify(body), now, tx);
}

/** How a guest who gave no name reads (actorName). */
const NAMELESS_GUEST = actorName({ userId: null, username: null });

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Actions recorded under a name of their own, as a sentence says them ("Sam deleted Groceries"). */
const SAID: Record<string, string> = { list_deleted: "deleted" };

/** "Sam added Milk to Groceries", "A guest ticked Eggs on Groceries", "Sam reset Groceries". */
export function ntfySentence({ type, data }: WebhookBody): string {
  if (type === WEBHOOK_TEST_EVENT) return `Test event from Listwell for ${data.listName}`;
  // A username as spelt, as pushes and the inbox write it; "a guest" and "someone" begin the sentence.
  const who = data.actor !== null && data.actor !== NAMELESS_GUEST ? data.actor : capital(data.actor ?? "someone");
  if (!data.subject || data.subject === data.listName) return `${who} ${SAID[data.action] ?? data.action} ${data.listName}`;
  const preposition = data.action === "added" ? "to" : data.action === "deleted" ? "from" : "on";
  return `${who} ${data.action} ${data.subject} ${preposition} ${data.listName}`;
}

/** A header holds ASCII only: other titles are sent as an RFC 2047 word, which ntfy decodes. */
const headerText = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString("base64")}?=`);

/** ntfy's tags become emoji where it knows them; the event type is kept for filtering. */
const NTFY_TAGS: Record<string, string> = { task_created: "heavy_plus_sign", task_updated: "pencil2", task_deleted: "wastebasket" };

/** The request for one try: signed now (a receiver refuses timestamps far from its clock), with the same `webhook-id` as every other try. */
export function webhookRequest(call: QueuedWebhookCall, now: number): Request {
  const { webhook } = call;
  const body = JSON.parse(call.payload) as WebhookBody;
  if (webhook.format === "ntfy") {
    const tags = [NTFY_TAGS[body.type], body.type].filter(Boolean).join(",");
    return new Request(webhook.url, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8", title: headerText(body.data.listName || "Listwell"), tags },
      body: ntfySentence(body),
    });
  }
  const at = new Date(Math.floor(now / 1000) * 1000);
  return new Request(webhook.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": call.messageId,
      "webhook-timestamp": String(at.getTime() / 1000),
      "webhook-signature": new Signer(webhook.secret).sign(call.messageId, at, call.payload),
    },
    body: call.payload,
  });
}
