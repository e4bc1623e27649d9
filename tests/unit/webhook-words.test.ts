import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../src/domain/webhook-address";
import { ntfySentence, type WebhookBody, webhookRequest } from "../../src/domain/webhook-messages";
import type { QueuedWebhookCall } from "../../src/store/deliveries";

/** Webhooks' pure parts (docs/decisions/063-webhooks.md): which addresses are private, and what ntfy is sent. */
describe("private addresses", () => {
  it.each([
    "127.0.0.1",
    "10.20.30.40",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "64:ff9b::10.0.0.1",
    "2002:7f00:1::",
    "2002:c0a8:101::1",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("takes %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

const body = (type: string, data: Partial<WebhookBody["data"]>): WebhookBody => ({
  type,
  timestamp: "2026-11-28T03:00:00.000Z",
  data: { listId: 1, listName: "Groceries", actor: "Sam", action: "added", subject: "Milk", payload: {}, ...data },
});

describe("ntfy", () => {
  it.each<[WebhookBody, string]>([
    [body("task_created", {}), "Sam added Milk to Groceries"],
    [body("task_updated", { action: "ticked" }), "Sam ticked Milk on Groceries"],
    [body("task_deleted", { action: "deleted", actor: "a guest" }), "A guest deleted Milk from Groceries"],
    [body("tasks_reset", { action: "reset", subject: null, actor: null }), "Someone reset Groceries"],
    [body("list_updated", { action: "renamed", subject: "Groceries" }), "Sam renamed Groceries"],
    [body("task_created", { actor: "alex" }), "alex added Milk to Groceries"],
    [body("webhook.test", {}), "Test event from Listwell for Groceries"],
  ])("says %o as %s", (message, sentence) => {
    expect(ntfySentence(message)).toBe(sentence);
  });

  it("sends a list name that is not ASCII as an RFC 2047 word in Title", async () => {
    const call: QueuedWebhookCall = {
      id: 1,
      kind: "webhook",
      messageId: "msg_1",
      attempts: 0,
      createdAt: 0,
      payload: JSON.stringify(body("task_created", { listName: "Épicerie" })),
      webhook: {
        id: 1,
        listId: 1,
        url: "https://ntfy.example/topic",
        events: null,
        format: "ntfy",
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        afterEventId: 0,
        createdAt: 0,
        disabledAt: null,
        failingSince: null,
        last: null,
      },
    };
    const request = webhookRequest(call, 0);
    expect(request.headers.get("title")).toBe(`=?UTF-8?B?${Buffer.from("Épicerie").toString("base64")}?=`);
    expect(await request.text()).toBe("Sam added Milk to Épicerie");
  });
});
