import type { Config } from "../config";
import { isoFromMs } from "../store/db";
import type { WebhookRecord } from "../store/webhooks";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from "../shared/rules/webhooks";
import type { NewWebhook, Webhook, WebhookAdminSettings, WebhookInput } from "../shared/webhooks";
import type { Store } from "../store";
import { type Caller, LIST_NOT_FOUND, requireOwner, resolveReadAccess } from "./access";
import { badRequest, notFound, unauthorized } from "./errors";
import { addressRefusal } from "./webhook-address";
import { queueWebhookCall, webhookBody } from "./webhook-messages";

/**
 * @module A list's webhooks (docs/decisions/063-webhooks.md): only its owner adds, reads, tests
 * and removes them; others who can open the list are told it is the owner's (403), strangers
 * that there is no such list (404). Each has its own signing secret, shown once.
 */

export const WEBHOOK_NOT_FOUND = "Webhook not found";
const ALLOW_PRIVATE_KEY = "webhook_allow_private";

/** The Admin switch, or WEBHOOK_ALLOW_PRIVATE=1 for a server whose hooks live beside it. */
export async function privateAddressesAllowed(store: Store, config: Pick<Config, "webhookAllowPrivate">): Promise<boolean> {
  return config.webhookAllowPrivate || (await store.settings.get(ALLOW_PRIVATE_KEY)) === "1";
}

export async function webhookAdminSettings(store: Store, config: Pick<Config, "webhookAllowPrivate">): Promise<WebhookAdminSettings> {
  return { allowPrivate: await privateAddressesAllowed(store, config), fromEnvironment: config.webhookAllowPrivate };
}

export async function setPrivateAddressesAllowed(
  store: Store,
  config: Pick<Config, "webhookAllowPrivate">,
  allow: boolean,
): Promise<WebhookAdminSettings> {
  await store.settings.set(ALLOW_PRIVATE_KEY, allow ? "1" : "0");
  return webhookAdminSettings(store, config);
}

export function webhookOf(record: WebhookRecord): Webhook {
  return {
    id: record.id,
    listId: record.listId,
    url: record.url,
    events: record.events ?? [...WEBHOOK_EVENT_TYPES],
    format: record.format,
    createdAt: isoFromMs(record.createdAt),
    lastDelivery: record.last && { at: isoFromMs(record.last.at), status: record.last.status, ok: record.last.ok },
    disabledAt: record.disabledAt === null ? null : isoFromMs(record.disabledAt),
  };
}

async function requireListOwner(store: Store, caller: Caller, listId: number): Promise<void> {
  if (caller.userId === null) throw unauthorized();
  requireOwner(await resolveReadAccess(store, caller, { id: listId }), "manage its webhooks");
}

/** The webhook, if the caller owns its list; 404 as for a stranger otherwise, 403 for others who can open the list. */
async function requireOwnWebhook(store: Store, caller: Caller, id: number): Promise<WebhookRecord> {
  const hook = await store.webhooks.findById(id);
  if (!hook) throw notFound(WEBHOOK_NOT_FOUND);
  try {
    await requireListOwner(store, caller, hook.listId);
  } catch (error) {
    if (error instanceof Error && error.message === LIST_NOT_FOUND) throw notFound(WEBHOOK_NOT_FOUND);
    throw error;
  }
  return hook;
}

/** "whsec_" and 24 random bytes in base64, as Standard Webhooks secrets are written. */
const newSecret = () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64")}`;

export async function addWebhook(
  store: Store,
  config: Pick<Config, "webhookAllowPrivate">,
  caller: Caller,
  listId: number,
  input: WebhookInput,
): Promise<NewWebhook> {
  await requireListOwner(store, caller, listId);
  const refusal = await addressRefusal(input.url, await privateAddressesAllowed(store, config));
  if (refusal) throw badRequest(refusal.message, refusal.code);
  const events = input.events ? [...new Set(input.events)] : null;
  const record = await store.webhooks.create(
    { listId, url: input.url, events, format: input.format, secret: newSecret() },
    store.clock.now(),
  );
  const { disabledAt: _, ...hook } = webhookOf(record);
  return { ...hook, secret: record.secret };
}

export async function listWebhooks(store: Store, caller: Caller, listId: number): Promise<{ webhooks: Webhook[] }> {
  await requireListOwner(store, caller, listId);
  return { webhooks: (await store.webhooks.ofList(listId)).map(webhookOf) };
}

export async function findWebhook(store: Store, caller: Caller, id: number): Promise<Webhook> {
  return webhookOf(await requireOwnWebhook(store, caller, id));
}

export async function removeWebhook(store: Store, caller: Caller, id: number): Promise<void> {
  await store.webhooks.remove((await requireOwnWebhook(store, caller, id)).id);
}

/** Queues a `webhook.test` call at once, whatever events the webhook hears; a turned-off one is turned on again by removing and adding it. */
export async function sendTestEvent(store: Store, caller: Caller, id: number): Promise<void> {
  const hook = await requireOwnWebhook(store, caller, id);
  if (hook.disabledAt !== null) throw badRequest("This webhook is turned off; remove it and add it again", "WEBHOOK_DISABLED");
  const list = await store.lists.findById(hook.listId);
  const now = store.clock.now();
  const body = webhookBody(WEBHOOK_TEST_EVENT, now, {
    listId: hook.listId,
    listName: list?.name ?? "",
    actor: null,
    action: "test",
    subject: null,
    payload: { message: "This is a test event from Listwell" },
  });
  await queueWebhookCall(store, hook.id, body, now);
}

/** What Settings' Webhooks starts from: the user's own lists, the only ones whose webhooks they manage. */
export async function webhookSettings(store: Store, userId: number): Promise<{ lists: Array<{ id: number; name: string }> }> {
  return { lists: (await store.lists.listOwnedBy(userId)).map(({ id, name }) => ({ id, name })) };
}
