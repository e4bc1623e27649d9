import { dns } from "bun";
import { isIP } from "node:net";

/**
 * @module Which addresses a webhook may call (docs/decisions/063-webhooks.md). A list owner must
 * not make the server reach into its own network: loopback, private, carrier-grade NAT,
 * link-local (with the clouds' metadata service at 169.254.169.254), unique-local and unspecified
 * addresses are refused, after the host name is resolved, unless the administrator allows them.
 */

export const PRIVATE_ADDRESS_MESSAGE = "This address is private; an administrator can allow private addresses";
export const UNRESOLVED_MESSAGE = "This address's host could not be found";

/** IPv4 blocks as [first octets, prefix length]. */
const PRIVATE_V4: Array<[number[], number]> = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[224], 3],
];

const v4Number = (address: string) => address.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);

function isPrivateV4(address: string): boolean {
  const n = v4Number(address);
  return PRIVATE_V4.some(([octets, bits]) => {
    const base = v4Number([...octets, 0, 0, 0, 0].slice(0, 4).join("."));
    const size = 2 ** (32 - bits);
    return n >= base && n < base + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function v6Groups(address: string): number[] {
  const tail = address.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  const n = tail ? v4Number(tail) : 0;
  const head = tail ? `${address.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}` : address;
  const [left, right] = head.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part
      ? part
          .split(":")
          .filter(Boolean)
          .map((group) => Number.parseInt(group, 16))
      : [];
  const l = parse(left);
  const r = parse(right);
  return right === undefined ? l : [...l, ...new Array(8 - l.length - r.length).fill(0), ...r];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

function isPrivateV6(address: string): boolean {
  const g = v6Groups(address.toLowerCase().replace(/%.*$/, ""));
  if (g.slice(0, 7).every((x) => x === 0) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  // An IPv4 address inside: mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16).
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isPrivateV4(v4Of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0) && isPrivateV4(v4Of(g[6]!, g[7]!))) return true;
  if (g[0] === 0x2002 && isPrivateV4(v4Of(g[1]!, g[2]!))) return true;
  const first = g[0]!;
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** Whether one resolved address is one a webhook may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPrivateV4(address);
  if (version === 6) return isPrivateV6(address);
  return true;
}

/**
 * The URL's host, resolved: every address it resolves to must be public, so a name with one
 * private address among public ones is refused too. Answers the refusal's message, or undefined.
 */
export async function addressRefusal(url: string, allowPrivate: boolean): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host) ? PRIVATE_ADDRESS_MESSAGE : undefined;
  let addresses: string[];
  try {
    addresses = (await dns.lookup(host, {})).map((found) => found.address);
  } catch {
    return UNRESOLVED_MESSAGE;
  }
  if (addresses.length === 0) return UNRESOLVED_MESSAGE;
  return addresses.some(isPrivateAddress) ? PRIVATE_ADDRESS_MESSAGE : undefined;
}
