import { useState } from "react";
import {
  DEFAULT_FORM,
  describeRule,
  formOf,
  MONTH_NAMES,
  REPEATS,
  type Repeat,
  type RoutineForm,
  ruleOf,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from "../../src/shared/routine-words";
import type { RoutineInput } from "../../src/shared/routines";
import { errorMessage } from "../api";
import { emit, type ShownRoutine } from "../signals";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Icon";
import { writeThroughList } from "./write";

export interface RoutineDialogProps {
  listId: number;
  routine: ShownRoutine | null;
  onClose: () => void;
}

const REPEAT_WORDS: Record<Repeat, string> = { daily: "Every day", weekly: "Every week", monthly: "Every month", yearly: "Every year" };
/** A month's 29th to 31st would skip the months without one; a year's 29 February is the point. */
const daysUpTo = (last: number): Array<[number, string]> => [
  ...Array.from({ length: last }, (_, i): [number, string] => [i + 1, String(i + 1)]),
  [-1, "Last day"],
];

/** The browser's own zone: a routine keeps the wall clock of whoever sets it. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Repeats" (docs/decisions/053-routines.md): the owner sets when the list unticks itself, in
 * plain choices, and sees the rule in words before saving; or stops it.
 */
export default function RoutineDialog({ listId, routine, onClose }: RoutineDialogProps) {
  const [form, setForm] = useState<RoutineForm>(() => (routine && formOf(routine.rrule)) || DEFAULT_FORM);
  const [pending, setPending] = useState<"save" | "stop" | null>(null);
  const tz = routine?.tz ?? browserZone();
  const set = <K extends keyof RoutineForm>(key: K, value: RoutineForm[K]) => setForm({ ...form, [key]: value });

  /** Through the list's store, so it waits in the outbox offline and follows the changes made before it. */
  async function send(next: RoutineInput | null) {
    setPending(next ? "save" : "stop");
    const words = next && describeRule(next.rrule);
    try {
      const answer = await writeThroughList(listId, { kind: "routine", routine: next, words });
      const list = answer?.list;
      // Queued, the list's store has shown the rule as waiting already.
      if (list) emit("listwell:routine", { listId, routine: list.routine, words: list.routine && describeRule(list.routine.rrule) });
      const later = answer ? "" : " once you are back online";
      toast({
        title: next ? `Repeats ${answer ? "saved" : "will be saved"}` : "No longer repeats",
        description: next ? `${words}${later}` : undefined,
      });
      onClose();
    } catch (error) {
      setPending(null);
      toast({ title: "Repeats were not changed", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  }

  const select = (
    id: string,
    label: string,
    value: string | number,
    options: Array<[string | number, string]>,
    on: (v: string) => void,
  ) => (
    <div className="share__link-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input share__select" value={value} onChange={(event) => on(event.target.value)}>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Repeats"
      description="Every item is unticked at this time, and what was done is kept in the reset history."
      actions={
        <>
          {routine && (
            <button type="button" className="button button--outline" disabled={pending !== null} onClick={() => void send(null)}>
              {pending === "stop" && <Spinner label="Stopping" />}
              Stop repeating
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={pending !== null}
            onClick={() => void send({ rrule: ruleOf(form), tz })}
          >
            {pending === "save" && <Spinner label="Saving" />}
            Save
          </button>
        </>
      }
    >
      <div className="stack">
        {routine && !formOf(routine.rrule) && <p className="notice">Now: {describeRule(routine.rrule)}. Saving replaces it.</p>}
        {select(
          "routine-repeat",
          "Repeats",
          form.repeat,
          REPEATS.map((repeat) => [repeat, REPEAT_WORDS[repeat]]),
          (v) => setForm({ ...form, repeat: v as Repeat, monthDay: v === "monthly" && form.monthDay > 28 ? -1 : form.monthDay }),
        )}
        {form.repeat === "weekly" &&
          select(
            "routine-weekday",
            "On",
            form.weekday,
            WEEKDAYS.map((day) => [day, WEEKDAY_NAMES[day]]),
            (v) => set("weekday", v as Weekday),
          )}
        {form.repeat === "yearly" &&
          select(
            "routine-month",
            "Month",
            form.month,
            MONTH_NAMES.map((name, i) => [i + 1, name]),
            (v) => set("month", Number(v)),
          )}
        {(form.repeat === "monthly" || form.repeat === "yearly") &&
          select("routine-day", "Day", form.monthDay, daysUpTo(form.repeat === "yearly" ? 31 : 28), (v) => set("monthDay", Number(v)))}
        <div className="share__link-row">
          <label htmlFor="routine-time">At</label>
          <input
            id="routine-time"
            type="time"
            className="input share__select"
            value={form.time}
            required
            onChange={(event) => event.target.value && set("time", event.target.value)}
          />
        </div>
        <p aria-live="polite">
          <strong>{describeRule(ruleOf(form))}</strong>, {tz} time.
        </p>
      </div>
    </Dialog>
  );
}
