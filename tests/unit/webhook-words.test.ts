import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../src/domain/webhook-address";
import { ntfySentence, type WebhookBody, webhookRequest } from "../../src/domain/webhook-messages";
import type { QueuedWebhookCall } from "../../src/store/deliveries";

/** Webhooks' pure parts (docs/decisions/063-webhooks.md): which addresses are refused, and what ntfy is sent. */
describe("addresses that are not globally reachable", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.20.30.40", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local metadata"],
    ["100.100.100.200", "carrier-grade NAT"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.0.9", "PCP anycast, a nearby server"],
    ["192.0.2.2", "TEST-NET-1"],
    ["198.51.100.1", "TEST-NET-2"],
    ["203.0.113.1", "TEST-NET-3"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["198.19.255.255", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["::7f00:1", "IPv4-compatible, outside global unicast"],
    ["fe80::1", "link-local"],
    ["fec0::1", "site-local, outside global unicast"],
    ["fd00:ec2::254", "unique-local metadata"],
    ["fc00::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["100::1", "discard-only"],
    ["100:0:0:1::1", "dummy prefix"],
    ["64:ff9b:1::1", "local-use translation"],
    ["5f00::1", "segment routing"],
    ["2001::1", "Teredo"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:1::1", "PCP anycast, a nearby server"],
    ["2001:2::1", "benchmarking"],
    ["2001:10::1", "ORCHID"],
    ["2001:1ff::1", "IETF protocol assignments"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["3fff:fff:ffff::1", "documentation"],
    ["::ffff:127.0.0.1", "mapped loopback"],
    ["::ffff:7f00:1", "mapped loopback"],
    ["::ffff:192.0.2.2", "mapped TEST-NET-1"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["64:ff9b::10.0.0.1", "NAT64 of private"],
    ["64:ff9b::c633:6401", "NAT64 of TEST-NET-2"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2002:c0a8:101::1", "6to4 of private"],
    ["2002:cb00:7101::1", "6to4 of TEST-NET-3"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "192.0.3.1",
    "192.88.98.1",
    "198.20.0.1",
    "198.51.101.1",
    "203.0.114.1",
    "223.255.255.254",
    "2606:4700:4700::1111",
    "2001:200::1",
    "2001:3::1",
    "2001:4:112::1",
    "2001:20::1",
    "2001:30::1",
    "2001:db9::1",
    "3fff:1000::1",
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
    [body("list_updated", { action: "list_deleted", subject: null }), "Sam deleted Groceries"],
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
