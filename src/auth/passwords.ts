/** argon2id through Bun.password (docs/product-rules.md#accounts). */
export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

export const verifyPassword = (password: string, hash: string) => Bun.password.verify(password, hash);

/**
 * Login hashes against this when the username is unknown, so an unknown user and a wrong
 * password cost the same time (docs/product-rules.md#accounts).
 */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword("listwell-timing-equaliser"));
