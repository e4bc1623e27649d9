import { useEffect, useState } from "react";
import { validateNewUsername } from "../../src/shared/rules/account";
import { ApiRequestError, client } from "../api";

/** `unchecked`: the server could not be asked (offline, or away). */
export type Availability = "idle" | "checking" | "available" | "taken" | "unchecked";

/** Availability is checked 500 ms after typing stops, only for 3+ characters (docs/product-rules.md#text-rules). */
export const AVAILABILITY_DEBOUNCE_MS = 500;

export interface UsernameCheck {
  availability: Availability;
  /** The text rules' message for the value, when it cannot be saved, or why it could not be checked. */
  message: string | null;
  /** Asks the server again: a save it refused means the name was taken meanwhile. */
  recheck: () => void;
}

const UNCHECKED = "Could not check this username. Check your connection and try again.";

/** Why a new username cannot be saved before asking the server, or null when it may be. */
export function localUsernameProblem(value: string, current: string): string | null {
  const trimmed = value.trim();
  if (trimmed === current) return "This is your current username";
  return validateNewUsername(trimmed) ?? null;
}

/** Live availability of a new username: idle → checking → available or taken. */
export function useUsernameAvailability(value: string, current: string): UsernameCheck {
  const [availability, setAvailability] = useState<Availability>("idle");
  const [round, setRound] = useState(0);
  const trimmed = value.trim();
  const problem = trimmed === "" ? null : localUsernameProblem(trimmed, current);
  // Usernames are unique ignoring case, so the server calls a new casing of one's own name taken.
  const ownNameRecased = !problem && trimmed.toLowerCase() === current.toLowerCase();

  useEffect(() => {
    setAvailability(ownNameRecased ? "available" : "idle");
    if (trimmed === "" || problem || ownNameRecased) return;
    let stale = false;
    const timer = setTimeout(async () => {
      setAvailability("checking");
      try {
        await client["check-username"].$get({ query: { username: trimmed } });
        if (!stale) setAvailability("available");
      } catch (error) {
        if (!stale) setAvailability(error instanceof ApiRequestError && error.status === 400 ? "taken" : "unchecked");
      }
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [trimmed, problem, ownNameRecased, round]);

  const message =
    problem ?? (availability === "taken" ? "This username is already taken" : availability === "unchecked" ? UNCHECKED : null);
  return { availability: problem ? "idle" : availability, message, recheck: () => setRound((n) => n + 1) };
}
