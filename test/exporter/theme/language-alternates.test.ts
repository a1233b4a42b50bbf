import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../../src/exporter/site/load-config.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import {
  LanguageAlternates,
  neutralPath,
} from "../../../src/exporter/theme/language-alternates.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";
import { meta } from "./layout-helpers.ts";

function alternatesOf(languages: unknown[], paths: string[]): LanguageAlternates {
  const { config } = loadSiteConfig(
    new RepoFiles(
      makeRepo({
        "docs.json": JSON.stringify({
          name: "Site",
          colors: { primary: "#2563EB" },
          navigation: { languages },
        }),
      }),
    ),
  );
  return new LanguageAlternates(
    config.navigation,
    Object.fromEntries(paths.map((path) => [path, meta(path)])),
  );
}

describe("which pages translate each other", () => {
  it("matches pages by their path without the language's folder", () => {
    expect(neutralPath("fr/guides/setup", "fr")).toBe("guides/setup");
    expect(neutralPath("pt-br/setup", "pt-BR")).toBe("setup");
    expect(neutralPath("zh/setup", "zh-Hans")).toBe("setup");
    expect(neutralPath("fr", "fr")).toBe("index");
    expect(neutralPath("french/setup", "fr")).toBe("french/setup");
  });

  it("finds a page's translations whether the default language has a folder or not", () => {
    const rootEnglish = alternatesOf(
      [
        { language: "en", groups: [{ group: "A", pages: ["index", "setup"] }] },
        { language: "fr", groups: [{ group: "B", pages: ["fr/index", "fr/setup"] }] },
      ],
      ["index", "setup", "fr/index", "fr/setup"],
    );
    expect(rootEnglish.alternates("fr/setup")).toEqual([
      { language: "en", target: "setup" },
      { language: "fr", target: "fr/setup" },
    ]);
    const foldered = alternatesOf(
      [
        { language: "en", groups: [{ group: "A", pages: ["en/setup"] }] },
        { language: "de", default: true, groups: [{ group: "B", pages: ["de/setup"] }] },
      ],
      ["en/setup", "de/setup"],
    );
    expect(foldered.counterpart("en/setup", "de")).toBe("de/setup");
    expect(foldered.defaultLanguage).toBe("de");
  });

  it("knows no translations on a site with one language", () => {
    const single = alternatesOf(
      [{ language: "en", groups: [{ group: "A", pages: ["setup"] }] }],
      ["setup"],
    );
    expect(single.multilingual).toBe(false);
    expect(single.alternates("setup")).toEqual([]);
  });
});
