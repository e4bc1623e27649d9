import * as z from "zod";
import { plainText } from "./text";
import { THEME_IDS } from "./themes";

/** SPEC §5 account rules; one schema per payload, used by the API, the forms and the tests. */
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** Optional: a blank or null shareId is the same as none, so it never fails a valid login. */
const shareIdField = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z.string({ error: "shareId must be text" }).trim().max(64, "shareId is too long").optional(),
);

// A missing field gets the same message as one too short: SPEC §5's words, not the parser's.
const USERNAME_TOO_SHORT = "Username must be at least 3 characters";
const PASSWORD_TOO_SHORT = "Password must be at least 6 characters";

export const loginSchema = z.object({
  username: z.string({ error: USERNAME_TOO_SHORT }).trim().min(3, USERNAME_TOO_SHORT),
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(6, PASSWORD_TOO_SHORT),
  shareId: shareIdField,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registeredUsername = plainText(z.string({ error: USERNAME_TOO_SHORT }).trim(), "Username")
  .min(3, USERNAME_TOO_SHORT)
  .max(24, "Username cannot exceed 24 characters")
  .regex(USERNAME_PATTERN, "Username can only contain letters, numbers, and underscores");

export const registerSchema = z.object({
  username: registeredUsername,
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(6, PASSWORD_TOO_SHORT),
  inviteCode: plainText(z.string({ error: "Invite code is required" }).trim().min(1, "Invite code is required"), "Invite code"),
  shareId: shareIdField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form adds confirmPassword, which never reaches the server. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const updateUsernameSchema = z.object({
  username: plainText(z.string().trim(), "Username")
    .min(3, USERNAME_TOO_SHORT)
    .max(48, "Username cannot exceed 48 characters")
    .regex(USERNAME_PATTERN, "Username can only contain letters, numbers, and underscores"),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required"),
    newPassword: z.string({ error: PASSWORD_TOO_SHORT }).min(6, PASSWORD_TOO_SHORT),
    confirmPassword: z.string().min(1, "Please confirm your new password"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const themeSchema = z.object({
  theme: z.enum(THEME_IDS, { error: `Theme must be one of: ${THEME_IDS.join(", ")}` }),
});
