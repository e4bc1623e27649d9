import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { changePasswordSchema, loginSchema, registerSchema, updateUsernameSchema } from "../../src/shared/account";
import { inviteCodeSchema } from "../../src/shared/admin";
import { createListSchema } from "../../src/shared/lists";
import {
  NEW_USERNAME,
  REGISTERED_USERNAME,
  validateLogin,
  validateNewUsername,
  validatePasswordChange,
  validateRegistration,
  validateUsername,
} from "../../src/shared/rules/account";
import { INVITE_CODE, validateInviteCode } from "../../src/shared/rules/admin";
import { LIST_NAME, validateListName } from "../../src/shared/rules/lists";
import { DESCRIPTION, TITLE, validateItem } from "../../src/shared/rules/tasks";
import type { FieldErrors, FormVerdict, TextRule } from "../../src/shared/rules/text";
import { createTaskSchema } from "../../src/shared/tasks";

/** Texts that between them pass and fail every check of every island-facing rule. */
const TEXTS = [
  "",
  "   ",
  "a",
  "ab",
  "abc",
  "  abc  ",
  "abcde",
  "secret",
  "bad name",
  "dash-name",
  "é_accent",
  "ok_name_1",
  "a".repeat(24),
  "a".repeat(25),
  "a".repeat(48),
  "a".repeat(49),
  ` ${"a".repeat(48)} `,
  "a".repeat(64),
  "a".repeat(65),
  "t".repeat(80),
  "t".repeat(81),
  "d".repeat(256),
  "d".repeat(257),
  "nul\u0000byte",
  "a\u0001",
  "esc\u001b[31m",
  "c1\u0085",
  "del\u007f",
  "txt.\u202eexe",
  "iso\u2066late",
  "lone\ud800",
  "\udc00lone",
  "emoji 😀",
  "two\nlines",
  "crlf\r\nline",
  "tab\there",
  `${"a".repeat(30)}\u0001`,
];

/** The first message per field of a zod result, as the server's first issue would read. */
function serverErrors(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

const errorsOf = <K extends string>(verdict: FormVerdict<K>) => (verdict.success ? {} : verdict.errors);

/** Every message a rule can give, so the table is shown to reach each of its checks. */
const messagesOf = (rule: TextRule) => rule.checks.map((check) => check.message).sort();

describe("each island-facing field rule gives the server schema's verdict and message", () => {
  const fields: [string, (value: string) => string | undefined, (value: string) => FieldErrors, TextRule][] = [
    [
      "registration username",
      validateUsername,
      (v) => serverErrors(registerSchema.pick({ username: true }).safeParse({ username: v })),
      REGISTERED_USERNAME,
    ],
    ["new username", validateNewUsername, (v) => serverErrors(updateUsernameSchema.safeParse({ username: v })), NEW_USERNAME],
    ["list name", validateListName, (v) => serverErrors(createListSchema.safeParse({ name: v })), LIST_NAME],
    ["admin invite code", validateInviteCode, (v) => serverErrors(inviteCodeSchema.safeParse({ inviteCode: v })), INVITE_CODE],
  ];

  it.each(fields)("%s", (_name, rule, server, ruleData) => {
    const seen = new Set<string>();
    for (const text of TEXTS) {
      const expected = Object.values(server(text))[0];
      expect(rule(text), JSON.stringify(text)).toBe(expected);
      if (expected) seen.add(expected);
    }
    expect([...seen].sort()).toEqual(messagesOf(ruleData));
  });

  it("the item sheet: title and description as POST /api/tasks judges and stores them", () => {
    const seen = new Set<string>();
    for (const title of TEXTS) {
      for (const description of [TEXTS[0]!, title, "d".repeat(257), "nul\u0000byte", "two\nlines"]) {
        const result = createTaskSchema.safeParse({ title, description, listId: 1 });
        const verdict = validateItem({ title, description });
        expect(errorsOf(verdict), JSON.stringify({ title, description })).toEqual(serverErrors(result));
        if (verdict.success) expect(verdict.data).toEqual({ title: result.data?.title, description: result.data?.description });
        for (const message of Object.values(errorsOf(verdict))) seen.add(message);
      }
    }
    expect([...seen].sort()).toEqual([...messagesOf(TITLE), ...messagesOf(DESCRIPTION)].sort());
  });

  it("speaks the product's words", () => {
    expect(validateUsername("ab")).toBe("Username must be at least 3 characters");
    expect(validateUsername("a".repeat(25))).toBe("Username cannot exceed 24 characters");
    expect(validateUsername("bad name")).toBe("Username can only contain letters, numbers, and underscores");
    expect(validateNewUsername("a".repeat(49))).toBe("Username cannot exceed 48 characters");
    expect(validateListName("  ")).toBe("List name cannot be empty");
    expect(validateInviteCode(" ")).toBe("Invite code cannot be empty");
    expect(validatePasswordChange({ currentPassword: "x", newPassword: "secret1", confirmPassword: "secret2" })).toEqual({
      success: false,
      errors: { confirmPassword: "Passwords don't match" },
    });
  });
});

describe("each island-facing form gives the server schema's messages, field by field", () => {
  const usernames = ["", "ab", " dana ", "bad name", "a".repeat(25), "a\u0001"];
  const passwords = ["", "12345", "secret1", " spaced "];
  const codes = ["", "  ", "invite", "in\u0000vite"];

  it("login", () => {
    for (const username of usernames) {
      for (const password of passwords) {
        const result = loginSchema.safeParse({ username, password });
        const verdict = validateLogin({ username, password });
        expect(errorsOf(verdict), JSON.stringify({ username, password })).toEqual(serverErrors(result));
        if (verdict.success) expect(verdict.data).toEqual({ username: result.data?.username, password: result.data?.password });
      }
    }
  });

  it("registration, whose confirmation is the form's own and never sent", () => {
    for (const username of usernames) {
      for (const password of passwords) {
        for (const inviteCode of codes) {
          const result = registerSchema.safeParse({ username, password, inviteCode });
          const { shareId: _none, ...sent } = result.data ?? {};
          const verdict = validateRegistration({ username, password, confirmPassword: password, inviteCode });
          expect(errorsOf(verdict), JSON.stringify({ username, password, inviteCode })).toEqual(serverErrors(result));
          if (verdict.success) expect(verdict.data).toEqual(sent);
          const mismatch = validateRegistration({ username, password, confirmPassword: `${password}x`, inviteCode });
          expect(errorsOf(mismatch)).toEqual({ ...serverErrors(result), confirmPassword: "Passwords do not match" });
        }
      }
    }
  });

  it("password change", () => {
    for (const currentPassword of ["", "old"]) {
      for (const newPassword of passwords) {
        for (const confirmPassword of [...passwords, "other12"]) {
          const form = { currentPassword, newPassword, confirmPassword };
          const verdict = validatePasswordChange(form);
          expect(errorsOf(verdict), JSON.stringify(form)).toEqual(serverErrors(changePasswordSchema.safeParse(form)));
          if (verdict.success) expect(verdict.data).toEqual(form);
        }
      }
    }
  });
});

const ROOT = join(import.meta.dirname, "../..");
const CODE = /\.(tsx?|jsx?|mjs)$/;
const isZod = (specifier: string) => /^zod(\/|$)/.test(specifier);

/**
 * Every chain of imports from `entries` to zod, followed the way the bundler follows them:
 * static, re-exported and dynamic imports count, `import type` does not (it is erased).
 */
async function zodImportChains(entries: string[]): Promise<string[]> {
  // Each file by its own syntax: in a .ts file `<T>(x) => …` is a generic arrow, in .tsx a tag.
  const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };
  const chains: string[] = [];
  const seen = new Set<string>();
  const visit = async (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...trail, relative(ROOT, file)];
    const transpiler = file.endsWith(".tsx") ? transpilers.tsx : transpilers.ts;
    for (const { path } of transpiler.scanImports(await Bun.file(file).text())) {
      if (isZod(path)) chains.push([...here, path].join(" → "));
      else if (path.startsWith(".")) {
        const resolved = Bun.resolveSync(path, dirname(file));
        if (CODE.test(resolved)) await visit(resolved, here);
      }
    }
  };
  for (const entry of entries) await visit(entry, []);
  return chains;
}

const ENTRIES = ["client.ts", "hydrate.tsx", "registry.ts"];

/** Every browser module: islands/ holds only what ships to the browser, entries and registry included. */
const islandFiles = () =>
  readdirSync(join(ROOT, "islands"), { recursive: true, encoding: "utf8" })
    .filter((name) => CODE.test(name))
    // The entries first, so a chain reads from where the browser starts.
    .sort((a, b) => Number(ENTRIES.includes(b)) - Number(ENTRIES.includes(a)))
    .map((name) => join(ROOT, "islands", name));

describe("the browser gets no zod", () => {
  it("finds zod where a module reaches it, statically or through a dynamic import, and not through `import type`", async () => {
    expect(await zodImportChains([join(ROOT, "src/shared/account.ts")])).toContain("src/shared/account.ts → zod");
    const dir = mkdtempSync(join(tmpdir(), "zod-graph-"));
    try {
      writeFileSync(join(dir, "entry.tsx"), 'import type { ZodType } from "zod";\nexport const load = () => import("./lazy");\n');
      writeFileSync(join(dir, "lazy.ts"), 'export { z } from "zod";\n');
      const chains = await zodImportChains([join(dir, "entry.tsx")]);
      expect(chains).toEqual([`${relative(ROOT, join(dir, "entry.tsx"))} → ${relative(ROOT, join(dir, "lazy.ts"))} → zod`]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("no module reachable from islands/ (client.ts, hydrate.tsx, registry.ts and every island) imports zod", async () => {
    const entries = islandFiles();
    expect(entries).toContain(join(ROOT, "islands/client.ts"));
    expect(entries).toContain(join(ROOT, "islands/registry.ts"));
    expect(await zodImportChains(entries)).toEqual([]);
  });
});
