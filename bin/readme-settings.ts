// Rewrites the settings tables of README.md from SETTINGS (src/config/settings.ts) and the
// flags the commands offer. Run it after changing a setting: `npx node bin/readme-settings.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { withSettingsTables } from "../src/cli/settings-table.ts";

const file = new URL("../README.md", import.meta.url);
const before = readFileSync(file, "utf8");
const after = withSettingsTables(before);
if (after === before) process.stdout.write("README.md's settings tables are up to date\n");
else {
  writeFileSync(file, after);
  process.stdout.write("README.md's settings tables rewritten\n");
}
