/** @module Account rules, plain: the auth and settings forms run them, src/shared/account.ts builds the API's schemas from them (docs/product-rules.md#text-rules). */
import { checkForm, checkText, type FieldErrors, type FormVerdict, matches, maxLength, minLength, plainText, type TextRule } from "./text";

export const USERNAME_MIN = 3;
export const REGISTERED_USERNAME_MAX = 24;
/** The settings edit allows longer names than registration does (docs/product-rules.md#text-rules). */
export const NEW_USERNAME_MAX = 48;
const PASSWORD_MIN = 6;

// A missing field gets the same message as one too short: the product's words, not the parser's.
export const USERNAME_TOO_SHORT = `Username must be at least ${USERNAME_MIN} characters`;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const INVITE_CODE_REQUIRED = "Invite code is required";
/** The two confirmations are worded differently: registration, then the password change (docs/product-rules.md#text-rules). */
const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const NEW_PASSWORDS_DO_NOT_MATCH = "Passwords don't match";

const usernameCharacters = matches(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

export const LOGIN_USERNAME: TextRule = { trim: true, checks: [minLength(USERNAME_MIN, USERNAME_TOO_SHORT)] };
export const PASSWORD: TextRule = { trim: false, checks: [minLength(PASSWORD_MIN, PASSWORD_TOO_SHORT)] };

export const REGISTERED_USERNAME: TextRule = {
  trim: true,
  checks: [
    plainText("Username"),
    minLength(USERNAME_MIN, USERNAME_TOO_SHORT),
    maxLength(REGISTERED_USERNAME_MAX, `Username cannot exceed ${REGISTERED_USERNAME_MAX} characters`),
    usernameCharacters,
  ],
};

export const NEW_USERNAME: TextRule = {
  trim: true,
  checks: [
    plainText("Username"),
    minLength(USERNAME_MIN, USERNAME_TOO_SHORT),
    maxLength(NEW_USERNAME_MAX, `Username cannot exceed ${NEW_USERNAME_MAX} characters`),
    usernameCharacters,
  ],
};

export const INVITE_CODE_ENTRY: TextRule = { trim: true, checks: [minLength(1, INVITE_CODE_REQUIRED), plainText("Invite code")] };
export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const CONFIRM_NEW_PASSWORD = "Please confirm your new password";
export const CURRENT_PASSWORD: TextRule = { trim: false, checks: [minLength(1, CURRENT_PASSWORD_REQUIRED)] };
export const NEW_PASSWORD_CONFIRMATION: TextRule = { trim: false, checks: [minLength(1, CONFIRM_NEW_PASSWORD)] };

/** Why a name cannot be registered, or undefined when it can. */
export const validateUsername = (value: string) => checkText(REGISTERED_USERNAME, value);

/** Why an account cannot be renamed to this, or undefined when it can. */
export const validateNewUsername = (value: string) => checkText(NEW_USERNAME, value);

const LOGIN_FORM = { username: LOGIN_USERNAME, password: PASSWORD };
const REGISTRATION_FORM = { username: REGISTERED_USERNAME, password: PASSWORD, inviteCode: INVITE_CODE_ENTRY };
export const PASSWORD_CHANGE_FORM = {
  currentPassword: CURRENT_PASSWORD,
  newPassword: PASSWORD,
  confirmPassword: NEW_PASSWORD_CONFIRMATION,
};

export const validateLogin = (form: Record<keyof typeof LOGIN_FORM, string>) => checkForm(LOGIN_FORM, form);

/** The registration form; its confirmPassword is compared here and never sent. */
export function validateRegistration(
  form: Record<keyof typeof REGISTRATION_FORM | "confirmPassword", string>,
): FormVerdict<keyof typeof REGISTRATION_FORM> {
  return withConfirmation(checkForm(REGISTRATION_FORM, form), form.password === form.confirmPassword, PASSWORDS_DO_NOT_MATCH);
}

export function validatePasswordChange(form: Record<keyof typeof PASSWORD_CHANGE_FORM, string>) {
  return withConfirmation(checkForm(PASSWORD_CHANGE_FORM, form), form.newPassword === form.confirmPassword, NEW_PASSWORDS_DO_NOT_MATCH);
}

/** A mismatch is judged after the fields' own rules, so confirmPassword's own message comes first. */
function withConfirmation<K extends string>(verdict: FormVerdict<K>, confirmed: boolean, message: string): FormVerdict<K> {
  if (confirmed) return verdict;
  const errors: FieldErrors = verdict.success ? {} : verdict.errors;
  return { success: false, errors: { ...errors, confirmPassword: errors.confirmPassword ?? message } };
}
