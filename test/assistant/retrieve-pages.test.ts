import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutAroundSection, retrievePages } from "../../src/assistant/retrieve-pages.ts";
import { exportSite } from "../../src/exporter/export-site.ts";
import { type BundleSearch, openBundleSearch } from "../../src/exporter/index.ts";
import { exportAssistantSite } from "./assistant-site.ts";

// One export for the whole file (a temporary folder of the helpers' would go after one test).
const work = mkdtempSync(path.join(os.tmpdir(), "quire-retrieve-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let root: string;
let index: BundleSearch;
beforeAll(async () => {
  root = await exportAssistantSite(path.join(work, "site"));
  index = await openBundleSearch(root);
});

describe("retrievePages, the pages the assistant answers from", () => {
  it("puts the page that answers a question in a sentence first, although no page has every word", async () => {
    const pages = await retrievePages(
      index,
      root,
      "How many failed attempts before a job is marked as failed?",
    );
    expect(pages[0]?.path).toBe("guides/retries");
    expect(pages[0]?.title).toBe("Retries");
  });

  it("finds each page by what it is about", async () => {
    const first = async (question: string) => (await retrievePages(index, root, question))[0]?.path;
    expect(await first("Which time zone do schedules use?")).toBe("guides/schedules");
    expect(await first("How do I check a webhook signature?")).toBe("guides/webhooks");
  });

  it("gives the model the page's Markdown copy, with its title and the text to quote", async () => {
    const [page] = await retrievePages(index, root, "webhook signature secret");
    expect(page?.text).toContain("# Webhooks");
    expect(page?.text).toContain("Check the `Lumen-Signature` header with your signing secret");
  });

  it("gives no page for a question of nothing but question and stop words", async () => {
    expect(await retrievePages(index, root, "How do I?")).toEqual([]);
  });

  it("keeps to the number of pages asked for", async () => {
    const pages = await retrievePages(index, root, "job schedule webhook retries", {
      pages: 2,
      charactersPerPage: 4000,
    });
    expect(pages).toHaveLength(2);
  });
});

describe("cutAroundSection", () => {
  const markdown = `# Guide\n\nIntro text.\n\n${"filler ".repeat(200)}\n\n## Deep part\n\nThe answer is here.\n`;

  it("keeps a short page whole", () => {
    expect(cutAroundSection("# A\n\nshort", "", 100)).toBe("# A\n\nshort");
  });

  it("keeps the title and starts a long page at the matching section", () => {
    const cut = cutAroundSection(markdown, "Deep part", 200);
    expect(cut.startsWith("# Guide\n")).toBe(true);
    expect(cut).toContain("## Deep part\n\nThe answer is here.");
    expect(cut.length).toBeLessThanOrEqual(201);
  });

  it("starts at the top when the section is not found", () => {
    expect(cutAroundSection(markdown, "Missing", 50)).toBe(`${markdown.slice(0, 50)}…`);
  });
});

describe("retrievePages on the sample site", () => {
  const sample = path.join(work, "sample");
  beforeAll(async () => {
    await exportSite({
      sourceDir: path.resolve("examples/docs"),
      outputDir: sample,
      components: "static",
    });
  });

  it("weighs a word found on most pages less than a rare one", async () => {
    // `job` is in the titles of the API pages ("Create a job"); `retried` only in the guide.
    // The sample site has languages: an English page asks with the English index.
    const pages = await retrievePages(
      await openBundleSearch(sample, "_quire/search/en/index.js"),
      sample,
      "What happens when a job fails, and how often is it retried?",
    );
    expect(pages[0]?.path).toBe("guides/retries");
  });

  it("searches the asking page's language only, and no file that is not a search index", async () => {
    const french = await retrievePages(
      await openBundleSearch(sample, "_quire/search/fr/index.js"),
      sample,
      "Comment créer une clé d’API et planifier une tâche ?",
    );
    expect(french.length).toBeGreaterThan(0);
    for (const page of french) expect(page.path).toMatch(/^fr\//);
    await expect(openBundleSearch(sample, "quire-export.json")).rejects.toThrow(
      /not a search index/,
    );
    await expect(openBundleSearch(sample, "_quire/search/../../../etc/index.js")).rejects.toThrow();
  });
});
