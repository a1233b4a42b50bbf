import { BlockList, isIP, isIPv4 } from "node:net";

/** Where an operator allows a private host, named in every refusal. */
export const ALLOWED_HOSTS_HINT =
  "add the host to the allowed hosts (quire export --export-allow-hosts, QUIRE_EXPORT_ALLOW_HOSTS) to allow it";

/** A host name as a URL writes it: letters, digits, `-` and `_` in dot-separated labels. */
const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/**
 * What is wrong with one entry of the operator's list of allowed hosts, or undefined when it
 * is a host name (`specs.internal`), an IP address (`10.0.0.5`, `::1`) or a CIDR range
 * (`10.20.0.0/16`, `fd00::/8`).
 */
export function allowedHostProblem(entry: string): string | undefined {
  const parsed = parseEntry(entry);
  return typeof parsed === "string" ? parsed : undefined;
}

type Entry = { name: string } | { network: string; prefix: number; family: "ipv4" | "ipv6" };

function parseEntry(text: string): Entry | string {
  const entry = text.trim().replace(/^\[(.*)\]$/, "$1");
  if (entry.includes("*"))
    return "is a wildcard: name each host, or give its addresses as a CIDR range";
  if (entry.includes("://")) return "is a URL: give its host name only";
  if (entry.includes("/")) {
    const [network = "", prefixText = "", ...rest] = entry.split("/");
    const family = isIP(network);
    const prefix = Number(prefixText);
    if (rest.length > 0 || family === 0 || !/^\d{1,3}$/.test(prefixText))
      return "is not a CIDR range (such as 10.20.0.0/16 or fd00::/8)";
    if (prefix > (family === 4 ? 32 : 128))
      return `has a prefix longer than an IPv${family} address (${family === 4 ? 32 : 128} bits)`;
    return { network, prefix, family: family === 4 ? "ipv4" : "ipv6" };
  }
  if (isIP(entry)) return single(entry);
  if (/[:@?#%\\\s]/.test(entry) || entry === "")
    return "is not a host name, an IP address or a CIDR range";
  let host: string;
  try {
    host = new URL(`http://${entry}/`).hostname;
  } catch {
    return "is not a host name, an IP address or a CIDR range";
  }
  // The URL parser reads `127.1` and `2130706433` as 127.0.0.1, as it does in a docs URL.
  if (isIP(host)) return single(host);
  const name = host.replace(/\.$/, "");
  if (!HOST_NAME.test(name)) return "is not a host name, an IP address or a CIDR range";
  return { name };
}

function single(address: string): Entry {
  const ipv4 = isIPv4(address);
  return { network: address, prefix: ipv4 ? 32 : 128, family: ipv4 ? "ipv4" : "ipv6" };
}

/**
 * The hosts an operator allows an export to fetch from although they are not public: by name
 * (whatever addresses the name resolves to) or by address range.
 */
export class AllowedHosts {
  private readonly names = new Set<string>();
  private readonly ranges = new BlockList();
  private empty = true;

  /** Throws on an entry that is not a host name, an IP address or a CIDR range. */
  constructor(entries: readonly string[]) {
    for (const text of entries) {
      if (text.trim() === "") continue;
      const entry = parseEntry(text);
      if (typeof entry === "string") throw new Error(`allowed host "${text}" ${entry}`);
      if ("name" in entry) this.names.add(entry.name);
      else this.ranges.addSubnet(entry.network, entry.prefix, entry.family);
      this.empty = false;
    }
  }

  /** Whether a URL's host name (as the URL parser wrote it) is allowed by name. */
  allowsName(hostname: string): boolean {
    return !this.empty && this.names.has(hostname.toLowerCase().replace(/\.$/, ""));
  }

  /** Whether an address lies in an allowed range (an IPv4-mapped IPv6 address as its IPv4 one). */
  allowsAddress(address: string): boolean {
    if (this.empty) return false;
    const family = isIP(address);
    if (family === 0) return false;
    return this.ranges.check(address.replace(/%.*$/, ""), family === 4 ? "ipv4" : "ipv6");
  }
}
