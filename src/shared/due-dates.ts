/**
 * @module An item's due date, reminder and repeat as a payload carries them
 * (docs/decisions/055-due-dates.md). Times are kept as written, offset included, so an item due
 * at 09:00 +01:00 stays 09:00 +01:00; the server computes every later date (src/domain/routine-calendar.ts).
 */
import * as z from "zod";
import { isCalendarDate, isOffsetDateTime } from "./rules/due-dates";
import { recurrenceRule } from "./routines";

// An empty field is how a form says "none", so "" clears like null.
const orNull = (value: unknown) => (value === "" ? null : value);

const DUE_AT_MESSAGE = "dueAt must be a date (YYYY-MM-DD) or a date and time with an offset, such as 2026-12-01T09:00+01:00, or null";
const REMIND_AT_MESSAGE = "remindAt must be a date and time with an offset, such as 2026-12-01T09:00+01:00, or null";
const REPEAT_MESSAGE = "repeat must be a recurrence rule such as FREQ=WEEKLY;BYDAY=TU, or null";

export const dueAtField = z.preprocess(
  orNull,
  z
    .string({ error: DUE_AT_MESSAGE })
    .trim()
    .refine((text) => isCalendarDate(text) || isOffsetDateTime(text), DUE_AT_MESSAGE)
    .nullable(),
);

export const remindAtField = z.preprocess(
  orNull,
  z.string({ error: REMIND_AT_MESSAGE }).trim().refine(isOffsetDateTime, REMIND_AT_MESSAGE).nullable(),
);

/** The same grammar as a list's routine (src/shared/routines.ts), named as the item's repeat in its messages. */
export const repeatField = z.preprocess(orNull, recurrenceRule("repeat", REPEAT_MESSAGE).nullable());

/** The three fields, each optional: what create, update, bulk and import accept. */
export const dueFields = { dueAt: dueAtField.optional(), remindAt: remindAtField.optional(), repeat: repeatField.optional() };
