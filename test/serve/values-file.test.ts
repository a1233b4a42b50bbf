import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseValues, readValuesFile, ValuesError } from "../../src/serve/values-file.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const URL =
  "https://quire.example.com/downloads/exports/exp_1/docs.tar.gz?expires=1&name=docs.tar.gz&signature=x";

describe("the values file", () => {
  it("reads the seed's staticExport group and ignores every other key", () => {
    const values = parseValues(
      `replicaCount: 2\nimage:\n  tag: "1.0"\nstaticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: "2024.06.1"\n  somethingNew: 3\n`,
      "values.yaml",
    );
    expect(values).toEqual({ enabled: true, bundleUrl: URL, version: "2024.06.1" });
  });

  it("treats a missing group as not enabled", () => {
    expect(parseValues("image:\n  tag: x\n", "values.yaml")).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
    });
    expect(parseValues("", "values.yaml")).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
    });
  });

  it('reads the seed\'s defaults, bundleUrl: "" and version: "", as not set', () => {
    const defaults = 'staticExport:\n  enabled: false\n  bundleUrl: ""\n  version: ""\n';
    expect(parseValues(defaults, "values.yaml")).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
    });
    expect(
      parseValues(
        `staticExport:\n  enabled: true\n  bundleUrl: "${URL}"\n  version: ""\n`,
        "values.yaml",
      ),
    ).toEqual({ enabled: true, bundleUrl: URL, version: null });
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
    ["staticExport is a list", "staticExport:\n  - enabled\n", /staticExport must be a mapping/],
    ["enabled without a link", "staticExport:\n  enabled: true\n", /bundleUrl is required/],
    ["the file is not YAML", "staticExport: [unclosed\n", /values\.yaml:\d+:\d+: not valid YAML/],
  ])("refuses a file where %s, naming the key and the line", (_name, text, message) => {
    expect(() => parseValues(text, "values.yaml")).toThrow(ValuesError);
    expect(() => parseValues(text, "values.yaml")).toThrow(message);
  });

  it("lets the environment override the file", () => {
    const values = parseValues("staticExport:\n  enabled: false\n", "values.yaml", {
      QUIRE_STATIC_EXPORT_ENABLED: "true",
      QUIRE_STATIC_EXPORT_BUNDLE_URL: URL,
      QUIRE_STATIC_EXPORT_VERSION: "v7",
    });
    expect(values).toEqual({ enabled: true, bundleUrl: URL, version: "v7" });
    expect(() => parseValues("", "values.yaml", { QUIRE_STATIC_EXPORT_ENABLED: "maybe" })).toThrow(
      /QUIRE_STATIC_EXPORT_ENABLED must be true or false/,
    );
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
