import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { README_TABLES, settingsTable, withSettingsTables } from "../../src/cli/settings-table.ts";
import { SETTINGS, type SettingName } from "../../src/config/settings.ts";

const README = readFileSync("README.md", "utf8");

describe("the README's settings tables", () => {
  it("are what SETTINGS and the commands' flags say (else: npx node bin/readme-settings.ts)", () => {
    const fresh = withSettingsTables(README);
    if (fresh !== README)
      expect.fail(
        "README.md's settings tables are stale: run `npx node bin/readme-settings.ts` and commit README.md",
      );
  });

  it("list every setting", () => {
    const listed = new Set(Object.values(README_TABLES).flatMap((table) => table.settings));
    const missing = (Object.keys(SETTINGS) as SettingName[]).filter((name) => !listed.has(name));
    expect(missing, "add them to README_TABLES in src/cli/settings-table.ts").toEqual([]);
  });

  it("name a flag only where the command offers it, else the variable alone", () => {
    const api = settingsTable(README_TABLES.api as (typeof README_TABLES)["api"]);
    expect(api).toContain("| `--bundle-link-ttl` | `QUIRE_BUNDLE_LINK_TTL` | `3600` |");
    expect(api).toContain("| (variable only) | `QUIRE_AGENT_MAX_STEPS` | `40` |");
    expect(api).toContain("| `--no-workers` | `QUIRE_WORKERS` | `true` |");
    const serve = settingsTable(README_TABLES.serve as (typeof README_TABLES)["serve"]);
    expect(serve).toContain("| `--port` | `QUIRE_SERVE_PORT` | `3000` |");
    expect(serve).toContain("| `--host` | `QUIRE_SERVE_HOST` | `127.0.0.1` |");
    expect(serve).toContain("| (variable only) | `QUIRE_STATIC_EXPORT_SHA256` |");
  });
});
