import { describe, expect, it } from "vitest";
import {
  closestKey,
  DOCS_TOP_LEVEL_KEYS,
  GROUP_KEYS,
} from "../../../../src/exporter/site/config/known-keys.ts";

describe("spotting likely typos in keys", () => {
  it("suggests the known key one slip away: a missing, extra, wrong or swapped letter, or another case", () => {
    expect(closestKey("navigaton", DOCS_TOP_LEVEL_KEYS)).toBe("navigation");
    expect(closestKey("redirect", DOCS_TOP_LEVEL_KEYS)).toBe("redirects");
    expect(closestKey("favicom", DOCS_TOP_LEVEL_KEYS)).toBe("favicon");
    expect(closestKey("gorup", GROUP_KEYS)).toBe("group");
    expect(closestKey("Pages", GROUP_KEYS)).toBe("pages");
  });

  it("stays quiet about keys that are simply unknown", () => {
    expect(closestKey("x-custom-setting", DOCS_TOP_LEVEL_KEYS)).toBeUndefined();
    expect(closestKey("openapiSpec", GROUP_KEYS)).toBeUndefined();
    expect(closestKey("id", GROUP_KEYS)).toBeUndefined();
  });
});
