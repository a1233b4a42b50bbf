import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import {
  parseValues,
  readValuesFile,
  ValuesError,
  valuesOverrides,
} from "../../src/serve/values-file.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/** The overrides `quire serve` hands the values file, from these environment variables. */
function fromEnvironment(environment: NodeJS.ProcessEnv) {
  return valuesOverrides(resolveConfig({}, environment));
}

const URL =
  "https://quire.example.com/downloads/exports/exp_1/docs.tar.gz?expires=1&name=docs.tar.gz&signature=x";

describe("the values file", () => {
  it("reads the staticExport group and ignores every other key", () => {
    const values = parseValues(
      `replicaCount: 2\nimage:\n  tag: "1.0"\nstaticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: "2024.06.1"\n  somethingNew: 3\n`,
      "values.yaml",
    );
    expect(values).toEqual({ enabled: true, bundleUrl: URL, version: "2024.06.1", sha256: null });
  });

  it("treats a missing group as not enabled", () => {
    expect(parseValues("image:\n  tag: x\n", "values.yaml")).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
      sha256: null,
    });
    expect(parseValues("", "values.yaml")).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
      sha256: null,
    });
  });

  it('reads the chart\'s defaults, bundleUrl: "", version: "" and sha256: "", as not set', () => {
    const defaults =
      'staticExport:\n  enabled: false\n  bundleUrl: ""\n  version: ""\n  sha256: ""\n';
    expect(parseValues(defaults, "values.yaml")).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
      sha256: null,
    });
    expect(
      parseValues(
        `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: ""\n`,
        "values.yaml",
      ),
    ).toEqual({ enabled: true, bundleUrl: URL, version: null, sha256: null });
    expect(() =>
      parseValues(defaults.replace("enabled: false", "enabled: true"), "values.yaml"),
    ).toThrow(/staticExport\.enabled is true, so staticExport\.bundleUrl is required/);
  });

  it.each([
    [
      "enabled is a string",
      `staticExport:\n  enabled: "yes please"\n  bundleUrl: "${URL}"\n`,
      /values\.yaml:2:\d+: staticExport\.enabled must be true or false/,
    ],
    [
      "bundleUrl is a number",
      "staticExport:\n  enabled: true\n  bundleUrl: 42\n",
      /values\.yaml:3:\d+: staticExport\.bundleUrl must be a URL string/,
    ],
    [
      "bundleUrl is not a URL",
      "staticExport:\n  enabled: true\n  bundleUrl: not a url\n",
      /staticExport\.bundleUrl is not a URL/,
    ],
    [
      "bundleUrl is not http",
      "staticExport:\n  enabled: true\n  bundleUrl: ftp://x/y.tar.gz\n",
      /must be an http\(s\) URL/,
    ],
    [
      "version is a number",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: 1.2\n`,
      /values\.yaml:4:\d+: staticExport\.version must be a string, not 1\.2 \(quote it: version: "1\.2"\)/,
    ],
    [
      "version names no folder",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: "../../etc"\n`,
      /must be letters, digits/,
    ],
    [
      "sha256 is too short",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  sha256: "abc123"\n`,
      /values\.yaml:4:\d+: staticExport\.sha256 must be the bundle's SHA-256, 64 hex characters .*not "abc123"$/,
    ],
    [
      "sha256 is not hex",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  sha256: "${"g".repeat(64)}"\n`,
      /values\.yaml:4:\d+: staticExport\.sha256 must be the bundle's SHA-256/,
    ],
    [
      "sha256 is prefixed with its algorithm",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  sha256: "sha256:${"a".repeat(64)}"\n`,
      /values\.yaml:4:\d+: staticExport\.sha256 must be the bundle's SHA-256/,
    ],
    [
      "sha256 is a number",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  sha256: 1234\n`,
      /values\.yaml:4:\d+: staticExport\.sha256 must be a string of 64 hex characters, not 1234/,
    ],
    [
      "sha256 spans lines",
      `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  sha256: |\n    ${"a".repeat(32)}\n    ${"a".repeat(32)}\n`,
      /^values\.yaml:4:\d+: staticExport\.sha256 must be the bundle's SHA-256[^\n]*\\n[^\n]*$/,
    ],
    ["staticExport is a list", "staticExport:\n  - enabled\n", /staticExport must be a mapping/],
    ["enabled without a link", "staticExport:\n  enabled: true\n", /bundleUrl is required/],
    ["the file is not YAML", "staticExport: [unclosed\n", /values\.yaml:\d+:\d+: not valid YAML/],
  ])("refuses a file where %s, naming the key and the line", (_name, text, message) => {
    expect(() => parseValues(text, "values.yaml")).toThrow(ValuesError);
    expect(() => parseValues(text, "values.yaml")).toThrow(message);
  });

  it("reads sha256, the archive's checksum as the API reports it, in either case", () => {
    const digest = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08";
    expect(
      parseValues(
        `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: "v1"\n  sha256: "${digest}"\n`,
        "values.yaml",
      ),
    ).toEqual({ enabled: true, bundleUrl: URL, version: "v1", sha256: digest.toLowerCase() });
    // QUIRE_STATIC_EXPORT_SHA256 overrides it; a wrong one is named by its variable.
    const other = "A".repeat(64);
    expect(
      parseValues(
        `staticExport:\n  sha256: "${digest}"\n`,
        "values.yaml",
        fromEnvironment({ QUIRE_STATIC_EXPORT_SHA256: other }),
      ).sha256,
    ).toBe(other.toLowerCase());
    expect(() => fromEnvironment({ QUIRE_STATIC_EXPORT_SHA256: "not-a-digest" })).toThrow(
      /^QUIRE_STATIC_EXPORT_SHA256 must be the bundle's SHA-256, 64 hex characters/,
    );
  });

  it("lets the environment override the file", () => {
    const values = parseValues(
      "staticExport:\n  enabled: false\n",
      "values.yaml",
      fromEnvironment({
        QUIRE_STATIC_EXPORT_ENABLED: "true",
        QUIRE_STATIC_EXPORT_BUNDLE_URL: URL,
        QUIRE_STATIC_EXPORT_VERSION: "v7",
      }),
    );
    expect(values).toEqual({ enabled: true, bundleUrl: URL, version: "v7", sha256: null });
    // Each variable is checked when the configuration is resolved, and named.
    expect(() => fromEnvironment({ QUIRE_STATIC_EXPORT_ENABLED: "maybe" })).toThrow(
      'QUIRE_STATIC_EXPORT_ENABLED must be true or false, not "maybe"',
    );
    expect(() => fromEnvironment({ QUIRE_STATIC_EXPORT_BUNDLE_URL: "ftp://x/b.tar.gz" })).toThrow(
      'QUIRE_STATIC_EXPORT_BUNDLE_URL must be an absolute http(s) URL, not "ftp://x/b.tar.gz"',
    );
    expect(() => fromEnvironment({ QUIRE_STATIC_EXPORT_VERSION: "../v1" })).toThrow(
      'QUIRE_STATIC_EXPORT_VERSION "../v1" must be letters, digits, dots, dashes or underscores',
    );
    // An empty variable is no override: the file's value stays.
    expect(
      parseValues(
        "staticExport:\n  enabled: true\n  version: v2\n",
        "values.yaml",
        fromEnvironment({ QUIRE_STATIC_EXPORT_VERSION: "" }),
      ).version,
    ).toBe("v2");
  });

  it("says which file it could not read", () => {
    expect(() => readValuesFile(path.join(makeTempDir(), "missing.yaml"))).toThrow(
      /cannot read the values file .*missing\.yaml: ENOENT/,
    );
    const file = path.join(makeTempDir(), "values.yaml");
    writeFileSync(file, `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n`);
    expect(readValuesFile(file, {}).bundleUrl).toBe(URL);
  });
});
