import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addSettingOptions, configFromFlags } from "../../src/cli/settings-options.ts";
import type { SettingName } from "../../src/config/settings.ts";

const NAMES: SettingName[] = [
  "bundleLinkTtlSeconds",
  "jobLeaseSeconds",
  "shutdownGraceSeconds",
  "databasePoolSize",
  "workers",
  "port",
];

function parse(argv: string[]) {
  const command = addSettingOptions(new Command("api").exitOverride(), NAMES);
  command.parse(argv, { from: "user" });
  return configFromFlags(command.opts(), NAMES);
}

describe("setting flags", () => {
  it("reach the configuration whatever their flag is called (--bundle-link-ttl is bundleLinkTtlSeconds)", () => {
    const config = parse([
      "--bundle-link-ttl",
      "60",
      "--job-lease",
      "5",
      "--shutdown-grace",
      "3",
      "--database-pool-size",
      "4",
      "--no-workers",
      "--port",
      "9090",
    ]);
    expect(config).toMatchObject({
      bundleLinkTtlSeconds: 60,
      jobLeaseSeconds: 5,
      shutdownGraceSeconds: 3,
      databasePoolSize: 4,
      workers: false,
      port: 9090,
    });
  });

  it("leave the defaults when not given", () => {
    const config = parse([]);
    expect(config.bundleLinkTtlSeconds).toBe(3600);
    expect(config.workers).toBe(true);
  });
});
