import type { SiteConfig } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";
import { DOCS_TOP_LEVEL_KEYS } from "./known-keys.ts";
import { readNavigation } from "./navigation.ts";
import { readSiteSettings } from "./settings.ts";
import { readVariables } from "./variables.ts";

/** Reads a docs.json object into the site model, collecting every problem in `check`. */
export function readDocsJson(raw: Record<string, unknown>, check: ConfigChecker): SiteConfig {
  reportIgnoredKeys(raw, "", DOCS_TOP_LEVEL_KEYS, check);
  const settings = readSiteSettings(raw, check, { requirePrimaryColor: true });
  check.required(
    raw.navigation,
    "navigation",
    "the site's navigation (an object with pages, groups, tabs…)",
  );
  const navigation = readNavigation(raw.navigation, check);
  const variables = readVariables(raw.variables, check);
  return { ...settings, navigation, ...(variables ? { variables } : {}), sourceFile: check.file };
}
