import { describe, expect, it } from "vitest";
import { resolveConfig, SETTINGS } from "../../src/config/settings.ts";
import { ConfigError } from "../../src/domain/errors.ts";
import { ALLOWED_HOSTS_HINT } from "../../src/exporter/net/index.ts";

describe("the exportAllowHosts setting", () => {
  it("is empty by default: exports fetch from public hosts only", () => {
    expect(resolveConfig({}, {}).exportAllowHosts).toEqual([]);
  });

  it("reads a comma-separated list from QUIRE_EXPORT_ALLOW_HOSTS, the flag winning", () => {
    const environment = { QUIRE_EXPORT_ALLOW_HOSTS: " specs.internal, 10.20.0.0/16 ,,fd00::/8" };
    expect(resolveConfig({}, environment).exportAllowHosts).toEqual([
      "specs.internal",
      "10.20.0.0/16",
      "fd00::/8",
    ]);
    expect(resolveConfig({ exportAllowHosts: "127.0.0.1" }, environment).exportAllowHosts).toEqual([
      "127.0.0.1",
    ]);
  });

  it("refuses an entry that is not a host, an address or a range, naming the variable and the entry", () => {
    const resolve = (value: string) => () => resolveConfig({}, { QUIRE_EXPORT_ALLOW_HOSTS: value });
    expect(resolve("ok.internal,http://x.internal/")).toThrow(ConfigError);
    expect(resolve("ok.internal,http://x.internal/")).toThrow(
      'QUIRE_EXPORT_ALLOW_HOSTS: "http://x.internal/" is a URL: give its host name only',
    );
    expect(resolve("*.internal")).toThrow(
      'QUIRE_EXPORT_ALLOW_HOSTS: "*.internal" is a wildcard: name each host, or give its addresses as a CIDR range',
    );
    expect(() => resolveConfig({ exportAllowHosts: "10.0.0.0/99" }, {})).toThrow(
      '--export-allow-hosts: "10.0.0.0/99" has a prefix longer than an IPv4 address (32 bits)',
    );
  });

  it("is the setting a refusal tells the user to change", () => {
    expect(ALLOWED_HOSTS_HINT).toContain(SETTINGS.exportAllowHosts.flag);
    expect(ALLOWED_HOSTS_HINT).toContain(SETTINGS.exportAllowHosts.env);
  });
});
