import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import {
  parseValues,
  type StaticExportValues,
  valuesOverrides,
} from "../../src/serve/values-file.ts";
import { markdownSections } from "../helpers/markdown.ts";

/**
 * docs/values-file.md lists the staticExport keys and the variables that override them; these
 * hold each line of those tables to what `quire serve`'s values reader does.
 */

const sections = markdownSections(readFileSync(path.resolve("docs/values-file.md"), "utf8"));

/** The rows of a section's table whose first cell is code: the cells, backticks removed. */
function rows(heading: string): string[][] {
  const body = sections.find((section) => section.heading === heading)?.body ?? "";
  return [...body.matchAll(/^\| `[^\n]*$/gm)].map((match) =>
    match[0]
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^`([^`]*)`$/, "$1")),
  );
}

/** A value of each key that differs from the base file below. */
const SAMPLES: Record<keyof StaticExportValues, { yaml: string; env: string; read: unknown }> = {
  enabled: { yaml: "false", env: "false", read: false },
  bundleUrl: {
    yaml: '"https://other.example/b.tar.gz"',
    env: "https://other.example/b.tar.gz",
    read: "https://other.example/b.tar.gz",
  },
  version: { yaml: '"2.10"', env: "2.10", read: "2.10" },
  sha256: { yaml: `"${"A".repeat(64)}"`, env: "A".repeat(64), read: "a".repeat(64) },
};

const BASE = [
  "staticExport:",
  "  enabled: true",
  '  bundleUrl: "https://quire.example/bundle.tar.gz"',
  '  version: "1.0.0"',
  `  sha256: "${"0".repeat(64)}"`,
].join("\n");

describe("docs/values-file.md", () => {
  it("lists exactly the keys of the staticExport group, each one read from the file", () => {
    const keys = rows("The staticExport group").map(([key]) => key as string);
    expect(keys.sort()).toEqual(
      Object.keys(SAMPLES)
        .map((key) => `staticExport.${key}`)
        .sort(),
    );
    for (const key of Object.keys(SAMPLES) as (keyof StaticExportValues)[]) {
      const sample = SAMPLES[key];
      const text = BASE.replace(new RegExp(`^  ${key}: .*$`, "m"), `  ${key}: ${sample.yaml}`);
      expect(parseValues(text, "values.yaml")[key], key).toEqual(sample.read);
    }
  });

  it("lists a variable for every key, and each one wins over the file", () => {
    const overrides = rows("Environment overrides");
    expect(overrides.map(([, key]) => key).sort()).toEqual(
      Object.keys(SAMPLES)
        .map((key) => `staticExport.${key}`)
        .sort(),
    );
    for (const [variable, key] of overrides) {
      const field = (key as string).replace("staticExport.", "") as keyof StaticExportValues;
      const sample = SAMPLES[field];
      // As quire serve reads them: resolved with the other settings, handed to the reader.
      const overridden = valuesOverrides(resolveConfig({}, { [variable as string]: sample.env }));
      const read = parseValues(BASE, "values.yaml", overridden);
      expect(read[field], `${variable} overrides ${key}`).toEqual(sample.read);
    }
  });

  it("shows an example the reader accepts", () => {
    const example = /```yaml\n([\s\S]*?)```/.exec(
      readFileSync(path.resolve("docs/values-file.md"), "utf8"),
    )?.[1];
    expect(parseValues(example as string, "values.yaml")).toMatchObject({
      enabled: true,
      version: "2026.11.1",
    });
  });
});
