import { closeSync, existsSync, fchmodSync, fstatSync, mkdirSync, openSync } from "node:fs";

/**
 * The database and its backups hold every account's password hash and every list,
 * so only the server's own user may read them (0600, its folder 0700). The mode is set with
 * fchmod after opening, not left to the umask, which would widen it on most systems (0644).
 */
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** The folder a database goes in, made private when this call creates it; an existing one is the admin's choice. */
export function makeDatabaseFolder(folder: string): void {
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
}

/**
 * Creates `path` empty with mode 0600, or narrows an existing file that others may read (one made
 * before this rule). `exclusive` refuses an existing file instead, for a new backup.
 */
export function privateFile(path: string, options: { exclusive?: boolean } = {}): void {
  const fd = openSync(path, options.exclusive ? "wx" : "a", PRIVATE_FILE);
  try {
    if ((fstatSync(fd).mode & 0o777) !== PRIVATE_FILE) fchmodSync(fd, PRIVATE_FILE);
  } finally {
    closeSync(fd);
  }
}

/** SQLite gives its -wal and -shm files the database file's mode; ones left from before are narrowed here. */
export function privateDatabaseFiles(path: string): void {
  privateFile(path);
  for (const companion of [`${path}-wal`, `${path}-shm`]) if (existsSync(companion)) privateFile(companion);
}
