/** @module The admin's invite code rule, plain: the admin form runs it, src/shared/admin.ts builds the API's schema from it. */
import { checkText, maxLength, minLength, plainText, type TextRule } from "./text";

const INVITE_CODE_MAX = 64;
export const INVITE_CODE_EMPTY = "Invite code cannot be empty";

export const INVITE_CODE: TextRule = {
  trim: true,
  checks: [
    minLength(1, INVITE_CODE_EMPTY),
    maxLength(INVITE_CODE_MAX, `Invite code cannot exceed ${INVITE_CODE_MAX} characters`),
    plainText("Invite code"),
  ],
};

/** Why the admin cannot set this invite code, or undefined when they can. */
export const validateInviteCode = (value: string) => checkText(INVITE_CODE, value);
