import { useEffect, useState } from "react";
import type { NotificationMode } from "../../src/shared/notifications";
import { ApiRequestError, client, errorMessage } from "../api";
import { toast } from "../toast";
import { turnOnPush, usePush } from "./usePush";

export interface ListNotificationEntriesProps {
  listId: number;
  /** The link a guest opened the list with; a guest's notifications are their browser's, for this list. */
  shareId: string | null;
  signedIn: boolean;
  /** False for a signed-in person who opened the list by its link alone: nothing of theirs to turn on or mute here. */
  told: boolean;
  /** Closes the menu, then acts. */
  run: (action: () => void) => () => void;
}

/** The list's mode for this person, or, for a guest whose browser follows another list (or none), "elsewhere". */
type Here = NotificationMode | "elsewhere" | null;

/**
 * A list menu's notification entries, the same for a member and a link guest
 * (docs/decisions/066-guest-push-and-clicks.md): turning this browser's notifications on (the
 * permission is asked on that tap only), muting the list, and the "going shopping" nudge. A
 * member's mode is theirs on every browser; a guest's is the subscription their browser made here.
 */
export default function ListNotificationEntries({ listId, shareId, signedIn, told, run }: ListNotificationEntriesProps) {
  const push = usePush();
  const guest = !signedIn;
  const [here, setHere] = useState<Here>(null);
  const endpoint = guest ? push.endpoint : undefined;
  useEffect(() => {
    if (!told || (guest && !endpoint)) return;
    client["task-lists"][":id"].notifications
      .$get({ param: { id: listId }, query: { shareId: shareId ?? undefined, endpoint } })
      .then((answer) => setHere(answer.mode))
      .catch((error) => {
        // A guest's browser that subscribed for another list may subscribe for this one instead;
        // offline or refused otherwise, the entry stays shown and inert until the next opening.
        if (guest && error instanceof ApiRequestError && error.status === 404) setHere("elsewhere");
      });
  }, [listId, shareId, guest, endpoint, told]);

  const canTurnOn = told && (push.state === "off" || (guest && push.state === "on" && here === "elsewhere"));
  // A guest mutes the subscription made here; without one there is nothing of theirs to mute.
  const canMute = told && (!guest || (push.state === "on" && here !== "elsewhere"));
  const mode = here === "elsewhere" ? null : here;
  return (
    <>
      {canTurnOn && (
        <button type="button" role="menuitem" className="actions-menu__item" onClick={run(() => void turnOn(shareId))}>
          Turn on notifications
        </button>
      )}
      {canMute && (
        // Shown at once, so the entries do not move; it waits for the list's mode before it acts.
        <button
          type="button"
          role="menuitem"
          aria-disabled={mode === null || undefined}
          className="actions-menu__item"
          onClick={mode ? run(() => void mute(listId, shareId, endpoint, mode)) : undefined}
        >
          {mode === "off" ? "Unmute notifications" : "Mute notifications"}
        </button>
      )}
      <button type="button" role="menuitem" className="actions-menu__item" onClick={run(() => void goShopping(listId, shareId, endpoint))}>
        Going shopping
      </button>
    </>
  );
}

/** This browser's notifications on, for the account or (a guest) for this list. */
async function turnOn(shareId: string | null) {
  try {
    const state = await turnOnPush(shareId);
    if (state === "on") toast({ title: "Notifications on", description: "This browser will be told when the list changes." });
    else if (state === "blocked")
      toast({ title: "Notifications blocked", description: "Allow them for Listwell in this browser's site settings." });
  } catch (error) {
    toast({ title: "Notifications were not changed", description: (error as Error).message, variant: "destructive" });
  }
}

/** Why a call about this list's notifications failed: the server's words, or that it needs a connection. */
const failure = (error: unknown) =>
  errorMessage(error, navigator.onLine ? "Please try again." : "You're offline. This works again once you're back online.");

/** This person's notifications of this list, off or on again (docs/decisions/050-notifications.md). */
async function mute(listId: number, shareId: string | null, endpoint: string | undefined, mode: NotificationMode) {
  const next = mode === "off" ? "all" : "off";
  try {
    await client["task-lists"][":id"].notifications.$put({
      param: { id: listId },
      query: { shareId: shareId ?? undefined },
      json: { mode: next, endpoint },
    });
    toast({ title: next === "off" ? "Notifications muted for this list" : "Notifications on for this list" });
  } catch (error) {
    toast({ title: "Notifications were not changed", description: failure(error), variant: "destructive" });
  }
}

/** Tells everyone else on the list at once that this person is going shopping; the server says when it is too soon. */
async function goShopping(listId: number, shareId: string | null, endpoint: string | undefined) {
  try {
    const { told } = await client["task-lists"][":id"].nudge.$post({
      param: { id: listId },
      query: { shareId: shareId ?? undefined },
      json: { endpoint },
    });
    toast({
      title: "Going shopping",
      description: `${told === 1 ? "1 person was" : `${told} people were`} told to add what they need now.`,
    });
  } catch (error) {
    toast({ title: "Not sent", description: failure(error), variant: "destructive" });
  }
}
