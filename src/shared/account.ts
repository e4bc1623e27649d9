/** @module Account rules (written once in ./rules/account.ts); one schema per payload, used by the API and the tests (docs/product-rules.md#text-rules). */
import * as z from "zod";
import {
  CONFIRM_NEW_PASSWORD,
  CURRENT_PASSWORD,
  CURRENT_PASSWORD_REQUIRED,
  INVITE_CODE_ENTRY,
  INVITE_CODE_REQUIRED,
  LOGIN_USERNAME,
  NEW_PASSWORDS_DO_NOT_MATCH,
  NEW_PASSWORD_CONFIRMATION,
  NEW_USERNAME,
  PASSWORD,
  PASSWORD_TOO_SHORT,
  REGISTERED_USERNAME,
  USERNAME_TOO_SHORT,
} from "./rules/account";
import { textSchema } from "./text";
import { THEME_IDS } from "./themes";

/** Optional: a blank or null shareId is the same as none, so it never fails a valid login. */
const shareIdField = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z.string({ error: "shareId must be text" }).trim().max(64, "shareId is too long").optional(),
);

const password = textSchema(PASSWORD, { error: PASSWORD_TOO_SHORT });

export const loginSchema = z.object({
  username: textSchema(LOGIN_USERNAME, { error: USERNAME_TOO_SHORT }),
  password,
  shareId: shareIdField,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: textSchema(REGISTERED_USERNAME, { error: USERNAME_TOO_SHORT }),
  password,
  inviteCode: textSchema(INVITE_CODE_ENTRY, { error: INVITE_CODE_REQUIRED }),
  shareId: shareIdField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const updateUsernameSchema = z.object({ username: textSchema(NEW_USERNAME, { error: USERNAME_TOO_SHORT }) });

export const changePasswordSchema = z
  .object({
    currentPassword: textSchema(CURRENT_PASSWORD, { error: CURRENT_PASSWORD_REQUIRED }),
    newPassword: password,
    confirmPassword: textSchema(NEW_PASSWORD_CONFIRMATION, { error: CONFIRM_NEW_PASSWORD }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: NEW_PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * GET /api/check-username?username=: read by hand, so a missing name keeps its own refusal
 * ("Username is required"); this schema describes it in the OpenAPI document.
 */
export const usernameQuerySchema = z.object({ username: z.string().meta({ description: "The username to check" }) });

export const themeSchema = z.object({
  theme: z.enum(THEME_IDS, { error: `Theme must be one of: ${THEME_IDS.join(", ")}` }),
});
