import { dns } from "bun";
import { isIP } from "node:net";

/**
 * @module Which addresses a webhook may call (docs/decisions/063-webhooks.md). A list owner must
 * not make the server reach into its own network, nor into addresses no public host holds: every
 * block IANA's special-purpose registries mark as not globally reachable is refused, after the host
 * name is resolved, unless the administrator allows private addresses. A host that does not
 * resolve is refused either way, as no call to it could ever arrive.
 */

export const PRIVATE_ADDRESS_MESSAGE = "This address is private; an administrator can allow private addresses";
export const UNRESOLVED_MESSAGE = "This address's host could not be found";

/** Why a webhook's URL is refused, as the client reads it: `message` and `error`. */
export interface AddressRefusal {
  message: string;
  code: "PRIVATE_ADDRESS" | "HOST_NOT_FOUND";
}

const PRIVATE_ADDRESS: AddressRefusal = { message: PRIVATE_ADDRESS_MESSAGE, code: "PRIVATE_ADDRESS" };
const HOST_NOT_FOUND: AddressRefusal = { message: UNRESOLVED_MESSAGE, code: "HOST_NOT_FOUND" };

const v4Value = (address: string) => address.split(".").reduce((n, octet) => (n << 8n) | BigInt(octet), 0n);

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function v6Groups(address: string): number[] {
  const tail = address.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  const n = tail ? Number(v4Value(tail)) : 0;
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

const v6Value = (address: string) => v6Groups(address).reduce((n, group) => (n << 16n) | BigInt(group), 0n);

/** Tests whether an address's value lies in the block written `address/bits`. */
function block(cidr: string, value: (address: string) => bigint, width: bigint): (n: bigint) => boolean {
  const [address, bits] = cidr.split("/") as [string, string];
  const shift = width - BigInt(bits);
  const prefix = value(address) >> shift;
  return (n) => n >> shift === prefix;
}
const v6Block = (cidr: string) => block(cidr, v6Value, 128n);
const v4Blocks = (...cidrs: string[]) => cidrs.map((cidr) => block(cidr, v4Value, 32n));
const v6Blocks = (...cidrs: string[]) => cidrs.map(v6Block);

/** Not globally reachable in the IPv4 special-purpose registry, with multicast, reserved and broadcast. */
const NOT_GLOBAL_V4 = v4Blocks(
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT, Alibaba's metadata 100.100.100.200
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, the clouds' metadata 169.254.169.254
  "172.16.0.0/12",
  "192.0.0.0/24", // protocol assignments; its PCP and TURN anycasts reach a nearby, perhaps local, server
  "192.0.2.0/24", // documentation (TEST-NET-1)
  "192.88.99.0/24", // the withdrawn 6to4 relay anycast
  "192.168.0.0/16",
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation (TEST-NET-2)
  "203.0.113.0/24", // documentation (TEST-NET-3)
  "224.0.0.0/3", // multicast, reserved and broadcast
);

const notGlobalV4 = (n: bigint) => NOT_GLOBAL_V4.some((inBlock) => inBlock(n));

/**
 * Only 2000::/3 is global unicast (IANA's IPv6 address space): outside it lie ::, ::1, unique-local,
 * link-local, multicast and the special-purpose registry's 64:ff9b:1::/48, 100::/64, 5f00::/16.
 */
const GLOBAL_UNICAST = v6Block("2000::/3");
const MAPPED = v6Block("::ffff:0:0/96");
const NAT64 = v6Block("64:ff9b::/96");
const SIX_TO_FOUR = v6Block("2002::/16");

/** Not globally reachable inside 2000::/3, Teredo (2001::/32) and ORCHID (2001:10::/28) among them. */
const NOT_GLOBAL_V6 = v6Blocks("2001::/23", "2001:db8::/32", "3fff::/20");

/** Inside 2001::/23, the unicast delegations the registry marks globally reachable (its anycasts stay refused, as in IPv4). */
const GLOBAL_WITHIN_V6 = v6Blocks("2001:3::/32", "2001:4:112::/48", "2001:20::/28", "2001:30::/28");

function notGlobalV6(address: string): boolean {
  const n = v6Value(address.toLowerCase().replace(/%.*$/, ""));
  // These carry an IPv4 address, which is what the connection reaches.
  if (MAPPED(n) || NAT64(n)) return notGlobalV4(n & 0xffffffffn);
  if (SIX_TO_FOUR(n)) return notGlobalV4((n >> 80n) & 0xffffffffn);
  if (!GLOBAL_UNICAST(n)) return true;
  return NOT_GLOBAL_V6.some((inBlock) => inBlock(n)) && !GLOBAL_WITHIN_V6.some((inBlock) => inBlock(n));
}

/** Whether one resolved address is one a webhook may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return notGlobalV4(v4Value(address));
  if (version === 6) return notGlobalV6(address);
  return true;
}

async function resolve(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  try {
    return (await dns.lookup(host, {})).map((found) => found.address);
  } catch {
    return [];
  }
}

/**
 * The URL's host, resolved: every address it resolves to must be public, so a name with one
 * private address among public ones is refused too. Answers the refusal, or undefined.
 */
export async function addressRefusal(url: string, allowPrivate: boolean): Promise<AddressRefusal | undefined> {
  const addresses = await resolve(new URL(url).hostname.replace(/^\[|\]$/g, ""));
  if (addresses.length === 0) return HOST_NOT_FOUND;
  return !allowPrivate && addresses.some(isPrivateAddress) ? PRIVATE_ADDRESS : undefined;
}
