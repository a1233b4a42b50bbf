import { BlockList, isIP, isIPv4 } from "node:net";

/**
 * The addresses an export never fetches from unless the operator allows them: everything that
 * is not a public unicast address. One table per family, each range with what it is; the
 * first match names the address in the refusal.
 */
export const NON_PUBLIC_RANGES: readonly { range: string; what: string }[] = [
  { range: "0.0.0.0/8", what: "an unspecified ('this network') address" },
  { range: "10.0.0.0/8", what: "a private address" },
  { range: "100.64.0.0/10", what: "a shared (carrier-grade NAT) address" },
  { range: "127.0.0.0/8", what: "a loopback address" },
  { range: "169.254.0.0/16", what: "a link-local address (where cloud metadata services answer)" },
  { range: "172.16.0.0/12", what: "a private address" },
  { range: "192.0.0.0/24", what: "a reserved address (IETF protocol assignments)" },
  { range: "192.0.2.0/24", what: "a documentation address" },
  { range: "192.88.99.0/24", what: "a reserved address (former 6to4 relays)" },
  { range: "192.168.0.0/16", what: "a private address" },
  { range: "198.18.0.0/15", what: "a benchmarking address" },
  { range: "198.51.100.0/24", what: "a documentation address" },
  { range: "203.0.113.0/24", what: "a documentation address" },
  { range: "224.0.0.0/4", what: "a multicast address" },
  { range: "255.255.255.255/32", what: "the broadcast address" },
  { range: "240.0.0.0/4", what: "a reserved address" },
  { range: "::/128", what: "the unspecified address" },
  { range: "::1/128", what: "a loopback address" },
  { range: "64:ff9b:1::/48", what: "a local-use NAT64 address" },
  { range: "100::/64", what: "a discard-only address" },
  { range: "2001::/23", what: "a reserved address (IETF protocol assignments, Teredo included)" },
  { range: "2001:db8::/32", what: "a documentation address" },
  { range: "2002::/16", what: "a 6to4 address (it can carry any IPv4 address)" },
  { range: "3fff::/20", what: "a documentation address" },
  { range: "5f00::/16", what: "a reserved address (segment routing)" },
  { range: "fc00::/7", what: "a private (unique local) address" },
  { range: "fe80::/10", what: "a link-local address" },
  { range: "fec0::/10", what: "a private (site-local) address" },
  { range: "ff00::/8", what: "a multicast address" },
  // Every public IPv6 address is in 2000::/3; what is left outside it is reserved (this also
  // covers the deprecated IPv4-compatible ::/96 and IPv4-translated ::ffff:0:0:0/96 forms).
  { range: "::/0", what: "a reserved address" },
];

/** IPv6 ranges that carry an IPv4 address in their last 32 bits, and how to call them. */
const IPV4_CARRIERS: readonly { range: string; form: string; publicIfInnerIs: boolean }[] = [
  { range: "::ffff:0:0/96", form: "an IPv4-mapped IPv6 address", publicIfInnerIs: true },
  { range: "64:ff9b::/96", form: "a NAT64 address", publicIfInnerIs: true },
  { range: "::/96", form: "an IPv4-compatible IPv6 address", publicIfInnerIs: false },
  { range: "::ffff:0:0:0/96", form: "an IPv4-translated IPv6 address", publicIfInnerIs: false },
];

const GLOBAL_UNICAST_V6 = subnet("2000::/3");

interface CompiledRange {
  list: BlockList;
  family: "ipv4" | "ipv6";
}

const COMPILED = NON_PUBLIC_RANGES.map((entry) => ({ ...entry, ...subnet(entry.range) }));
const CARRIERS = IPV4_CARRIERS.map((entry) => ({ ...entry, ...subnet(entry.range) }));

/**
 * What a non-public address is ("a private address"), or undefined for a public one. An IPv6
 * form of an IPv4 address (`::ffff:7f00:1`, `64:ff9b::a00:5`) is judged by the IPv4 address it
 * carries.
 */
export function describeNonPublicAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 6) {
    const bare = address.replace(/%.*$/, "");
    const unspecifiedOrLoopback = matchRange(bare, "ipv6", (range) => range.endsWith("/128"));
    if (unspecifiedOrLoopback) return unspecifiedOrLoopback;
    for (const carrier of CARRIERS) {
      if (!carrier.list.check(bare, "ipv6")) continue;
      const inner = embeddedIPv4(bare);
      const innerWhat = matchRange(inner, "ipv4");
      if (innerWhat) return `${innerWhat} (${inner} written as ${carrier.form})`;
      if (carrier.publicIfInnerIs) return undefined;
    }
    if (GLOBAL_UNICAST_V6.list.check(bare, "ipv6"))
      return matchRange(bare, "ipv6", (range) => range !== "::/0");
    return matchRange(bare, "ipv6");
  }
  return matchRange(address, "ipv4");
}

function matchRange(
  address: string,
  family: "ipv4" | "ipv6",
  include: (range: string) => boolean = () => true,
): string | undefined {
  for (const entry of COMPILED)
    if (entry.family === family && include(entry.range) && entry.list.check(address, family))
      return entry.what;
  return undefined;
}

/** A BlockList holding one range written as `address/prefix`. */
function subnet(range: string): CompiledRange {
  const [network, prefix] = range.split("/") as [string, string];
  const family = isIPv4(network) ? "ipv4" : "ipv6";
  const list = new BlockList();
  list.addSubnet(network, Number(prefix), family);
  return { list, family };
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIPv4(address: string): string {
  const bytes = ipv6Bytes(address);
  return [...bytes.subarray(12)].join(".");
}

/** The 16 bytes of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Bytes(address: string): Uint8Array {
  const groupsOf = (part: string): number[] => {
    if (part === "") return [];
    return part.split(":").flatMap((group) => {
      if (!group.includes(".")) return [Number.parseInt(group, 16)];
      const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = "", tail] = address.split("::");
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...new Array(8 - before.length - after.length).fill(0), ...after];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}
