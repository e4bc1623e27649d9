import { describe, expect, it } from "vitest";
import { fromBase64url, toBase64url } from "../../src/push/base64url";
import { generateVapidKeys, jwkOfPoint, vapidAuthorization } from "../../src/push/vapid";
import { encryptPushMessage, pushRequest } from "../../src/push/web-push";
import { browserKeys, browserKeysOf, decryptPushMessage, verifyVapid } from "../helpers/push-receiver";

/** RFC 8291 Appendix A, verbatim. */
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

const privateJwk = (publicKey: string, d: string): JsonWebKey => ({ ...jwkOfPoint(fromBase64url(publicKey)), d });

describe("Web Push encryption (RFC 8291)", () => {
  it("encrypts the RFC's example message to exactly the RFC's body", async () => {
    const body = await encryptPushMessage(
      new TextEncoder().encode(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.authSecret },
      {
        salt: fromBase64url(RFC.salt),
        senderPrivateJwk: privateJwk(RFC.asPublic, RFC.asPrivate),
        senderPublic: fromBase64url(RFC.asPublic),
      },
    );
    expect(toBase64url(body)).toBe(RFC.body);
  });

  it("the RFC's receiver opens the RFC's body, and a flipped bit is refused", async () => {
    const receiver = await browserKeysOf(privateJwk(RFC.uaPublic, RFC.uaPrivate), RFC.uaPublic, RFC.authSecret);
    expect(await decryptPushMessage(fromBase64url(RFC.body), receiver)).toBe(RFC.plaintext);
    const tampered = fromBase64url(RFC.body);
    tampered[tampered.length - 1]! ^= 1;
    await expect(decryptPushMessage(tampered, receiver)).rejects.toThrow();
  });

  it("a fresh message (new salt and sender key each time) opens with the subscription's keys", async () => {
    const keys = await browserKeys();
    const message = new TextEncoder().encode(JSON.stringify({ title: "Groceries", body: "Sam added Milk to Groceries" }));
    const first = await encryptPushMessage(message, keys);
    const second = await encryptPushMessage(message, keys);
    expect(toBase64url(first.subarray(0, 16))).not.toBe(toBase64url(second.subarray(0, 16)));
    expect(JSON.parse(await decryptPushMessage(second, keys))).toEqual({ title: "Groceries", body: "Sam added Milk to Groceries" });
  });
});

describe("VAPID (RFC 8292)", () => {
  it("signs an ES256 JWT for the endpoint's origin, verifiable under the 65-byte public key it names", async () => {
    const keys = await generateVapidKeys();
    expect(fromBase64url(keys.publicKey)).toHaveLength(65);
    const now = Date.UTC(2026, 10, 27, 20, 0, 0);
    const header = await vapidAuthorization(keys, "https://push.example.net/send/abc?x=1", "mailto:admin@localhost", now);
    const verified = await verifyVapid(header);
    expect(verified?.publicKey).toBe(keys.publicKey);
    expect(verified?.claims).toEqual({ aud: "https://push.example.net", exp: now / 1000 + 12 * 3600, sub: "mailto:admin@localhost" });
    // Under another key the same token is refused: the check is real.
    const other = await generateVapidKeys();
    expect(await verifyVapid(header.replace(keys.publicKey, other.publicKey))).toBeUndefined();
  });

  it("a push request carries the coding, TTL, Urgency, Topic and VAPID headers", async () => {
    const keys = await browserKeys();
    const vapid = { keys: await generateVapidKeys(), subject: "mailto:admin@localhost", nowMs: Date.now() };
    const request = await pushRequest(
      { endpoint: "https://push.example.net/p/1", ...keys },
      '{"title":"Groceries"}',
      { ttl: 3600, urgency: "normal", topic: "list-7" },
      vapid,
    );
    expect(request.method).toBe("POST");
    expect(Object.fromEntries(["content-encoding", "ttl", "urgency", "topic"].map((name) => [name, request.headers.get(name)]))).toEqual({
      "content-encoding": "aes128gcm",
      ttl: "3600",
      urgency: "normal",
      topic: "list-7",
    });
    expect(await decryptPushMessage(new Uint8Array(await request.arrayBuffer()), keys)).toBe('{"title":"Groceries"}');
  });
});
