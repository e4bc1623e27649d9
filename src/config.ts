/** Reads the environment once (README.md#running-it); everything else receives a Config. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  inviteCode: string | undefined;
  /** true/false forces the cookie's Secure flag; "auto" sets it when the request came over https. */
  sessionSecure: boolean | "auto";
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** "json" writes one JSON object a line (for a log collector), "text" plain lines. */
  logFormat: "text" | "json";
  /** NODE_ENV, shown by the /login-test page. */
  environment: string;
  /**
   * Proxies in front of the server that append to `X-Forwarded-For` (docs/decisions/028); 0 trusts no
   * header and takes the TCP peer as the client's address.
   */
  trustProxy: number;
  /** Web Push (docs/decisions/050-notifications.md): one actor's changes to one list within this many ms make one push. */
  notifyBatchMs: number;
  /** The contact a push service sees in each VAPID token. */
  vapidSubject: string;
  /** Accepts http push endpoints: tests and development only. */
  pushAllowInsecure: boolean;
  /** Lets webhooks call private and loopback addresses (docs/decisions/063-webhooks.md), as the Admin switch does. */
  webhookAllowPrivate: boolean;
  /** Single sign-on (docs/decisions/064-oidc.md), when OIDC_ISSUER and OIDC_CLIENT_ID are set. */
  oidc: OidcConfig | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Absent for a public client, which proves itself by PKCE alone. */
  clientSecret: string | undefined;
  /** The button says "Sign in with <label>". */
  label: string;
  /** A first sign-in makes an account without the invite code. */
  autoRegister: boolean;
  /** Password sign-in, registration and password changes are off. */
  only: boolean;
}

const isOn = (value: string | undefined) => value?.trim().toLowerCase() === "true" || value?.trim() === "1";

function readOidc(env: Record<string, string | undefined>): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!issuer || !clientId) return undefined;
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    label: env.OIDC_LABEL?.trim() || "Single sign-on",
    autoRegister: isOn(env.OIDC_AUTO_REGISTER),
    only: isOn(env.OIDC_ONLY),
  };
}

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const secure = env.SESSION_SECURE?.toLowerCase();
  const logLevel = LOG_LEVELS.find((level) => level === env.LOG_LEVEL?.toLowerCase()) ?? "info";
  return {
    port: Number(env.PORT) || 3000,
    host: env.HOST || "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    inviteCode: env.INVITE_CODE || undefined,
    sessionSecure: secure === "true" || secure === "1" ? true : secure === "false" || secure === "0" ? false : "auto",
    logLevel,
    logFormat: env.LOG_FORMAT?.toLowerCase() === "json" ? "json" : "text",
    environment: env.NODE_ENV || "development",
    trustProxy: /^\d{1,2}$/.test(env.TRUST_PROXY?.trim() ?? "") ? Number(env.TRUST_PROXY) : 0,
    notifyBatchMs: /^\d{1,9}$/.test(env.NOTIFY_BATCH_MS?.trim() ?? "") ? Number(env.NOTIFY_BATCH_MS) : 30_000,
    vapidSubject: env.VAPID_SUBJECT || "mailto:admin@localhost",
    pushAllowInsecure: env.PUSH_ALLOW_INSECURE === "1",
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "1",
    oidc: readOidc(env),
  };
}
