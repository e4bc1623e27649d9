/**
 * @module API tokens as the wire carries them (docs/decisions/061-api-tokens.md): the create
 * payload, the token's shape, and the codes of the refusals a bearer caller can meet.
 */
import * as z from "zod";
import { idField } from "./params";
import { MAX_TOKEN_DAYS, TOKEN_NAME, TOKEN_NAME_MESSAGE, type TokenAccess } from "./rules/tokens";
import { textSchema } from "./text";
import { wire } from "./wire";

/** Every token starts so, which lets a secret scanner (and a person) tell one apart. */
export const TOKEN_PREFIX = "lw_";

export const LIST_IDS_MESSAGE = "listIds must be lists you can open";
export const EXPIRY_MESSAGE = `expiresInDays must be a whole number from 1 to ${MAX_TOKEN_DAYS}`;

export const createTokenSchema = z.object({
  name: textSchema(TOKEN_NAME, { error: TOKEN_NAME_MESSAGE }),
  access: z.enum(["read", "write"], { error: 'access must be "read" or "write"' }),
  /** Absent or null: every list the caller can open, now and later. */
  listIds: z.array(idField("listIds"), { error: LIST_IDS_MESSAGE }).min(1, LIST_IDS_MESSAGE).max(100, LIST_IDS_MESSAGE).nullish(),
  expiresInDays: z
    .number({ error: EXPIRY_MESSAGE })
    .int(EXPIRY_MESSAGE)
    .min(1, EXPIRY_MESSAGE)
    .max(MAX_TOKEN_DAYS, EXPIRY_MESSAGE)
    .nullish(),
});

export type CreateTokenInput = z.output<typeof createTokenSchema>;

/** A token as GET /api/tokens lists it: never the secret itself. */
export interface ApiToken {
  id: number;
  name: string;
  access: TokenAccess;
  listIds: number[] | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** The one answer that carries the secret: POST /api/tokens. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** An ISO time, as the other answers' schemas write one (src/shared/answers.ts). */
const iso = z.string();

/** The answers' schemas, checked against the wire types (docs/decisions/062-openapi.md). */
export const apiTokenSchema = wire<ApiToken>()(
  z.object({
    id: z.number().int().min(1),
    name: z.string(),
    access: z.enum(["read", "write"]),
    listIds: z.array(z.number().int().min(1)).nullable(),
    createdAt: iso,
    expiresAt: iso.nullable(),
    lastUsedAt: iso.nullable(),
  }),
);
export const createdApiTokenSchema = wire<CreatedApiToken>()(apiTokenSchema.extend({ token: z.string().regex(/^lw_[A-Za-z0-9_-]{43}$/) }));
export const apiTokensSchema = wire<{ tokens: ApiToken[] }>()(z.object({ tokens: z.array(apiTokenSchema) }));

/** What a bearer caller may do, as the access policy (src/domain/access.ts) applies it. */
export interface TokenScope {
  access: TokenAccess;
  /** Null: every list the user can open. */
  listIds: number[] | null;
}

/** The refusals a bearer call can meet before its route runs (docs/http-contract.md#api-tokens). */
export const TOKEN_REFUSALS = {
  notAllowed: { error: "TOKEN_NOT_ALLOWED", message: "API tokens cannot be used for this call" },
  readOnly: { error: "READ_ONLY_TOKEN", message: "This token can only read" },
  someLists: {
    error: "TOKEN_NOT_ALLOWED",
    message: "A token limited to some lists cannot make lists, order them, export them all or read the inbox",
  },
} as const;
export const INVALID_TOKEN_MESSAGE = "Invalid or expired token";
export const TOKEN_NOT_FOUND = "Token not found";
