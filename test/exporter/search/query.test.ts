import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../../../src/exporter/search/build-index.ts";
import type { SearchHit } from "../../../src/exporter/search/query.ts";
import { generatedSite } from "./generated-site.ts";
import { IndexInSandbox } from "./index-in-sandbox.ts";
import { SAMPLE_SITE } from "./sample-site.ts";

const where = (hits: SearchHit[]): string[] => hits.map((hit) => `${hit.path}#${hit.anchor}`);

async function searchSample(query: string): Promise<SearchHit[]> {
  const { files, entry } = buildSearchIndex(SAMPLE_SITE);
  const { index } = await new IndexInSandbox(files).open(entry);
  return index.search(query);
}

describe("searching the built index", () => {
  it("finds pages as the reader types, title matches before heading matches before text matches", async () => {
    expect(where(await searchSample("retr"))).toEqual([
      "guides/retries#", // title
      "guides/retries#back-off", // on the Retries page
      "guides/retries#limits",
      "index#", // text
      "guides/schedules#intervals", // text
    ]);
    expect(where(await searchSample("interval"))).toEqual(["guides/schedules#intervals"]);
    expect(where(await searchSample("zones"))[0]).toBe("guides/schedules#time-zones");
  });

  it("shows at most three sections of one page", async () => {
    const hits = await searchSample("fail");
    expect(hits.filter((hit) => hit.path === "guides/retries").length).toBe(3);
    expect(where(hits)).toContain("index#");
  });

  it("requires every word of the query, the last one as a prefix", async () => {
    expect(where(await searchSample("wait doub"))).toEqual(["guides/retries#back-off"]);
    expect(where(await searchSample("daylight sav"))).toEqual(["guides/schedules#time-zones"]);
    expect(await searchSample("daylight jitter")).toEqual([]);
  });

  it("counts the page title for each of its sections, so page and section words combine", async () => {
    expect(where(await searchSample("retries dead"))).toEqual(["guides/retries#dead-letters"]);
  });

  it("matches plurals, half-typed plurals, case and accents", async () => {
    expect(where(await searchSample("RETRY"))[0]).toBe("guides/retries#");
    expect(where(await searchSample("retri"))[0]).toBe("guides/retries#");
    expect(where(await searchSample("schedules"))[0]).toBe("guides/schedules#");
    expect(where(await searchSample("TACHES"))).toEqual(["fr/index#"]);
  });

  it("reads a trailing stop word as the start of a longer word when it can be one, and ignores it otherwise", async () => {
    expect(where(await searchSample("the"))).toEqual([
      "reference/theme#",
      "reference/theme#colors",
    ]);
    expect(where(await searchSample("daylight the"))).toEqual(["guides/schedules#time-zones"]);
  });

  it("returns what the result shows: page title, breadcrumb, section heading and its text", async () => {
    const [hit] = await searchSample("jitter");
    expect(hit).toMatchObject({
      path: "guides/retries",
      title: "Retries",
      breadcrumb: "Guides › Reliability",
      anchor: "back-off",
      heading: "Back-off",
      text: "The wait doubles each time, with jitter.",
    });
  });

  it("finds nothing for words the site does not have, and for an empty query", async () => {
    expect(await searchSample("kubernetes")).toEqual([]);
    expect(await searchSample("  ")).toEqual([]);
  });

  it("answers from a few small files on a large site, even for a one-letter query", async () => {
    const { documents, vocabulary } = generatedSite(2000);
    const { files, entry } = buildSearchIndex(documents);
    const sandbox = new IndexInSandbox(files);
    const word = vocabulary[40] as string;

    const exact = await sandbox.open(entry);
    const hits = await exact.index.search(word);
    expect(hits.length).toBe(10);
    for (const hit of hits)
      expect(`${hit.title} ${hit.heading} ${hit.text}`.toLowerCase()).toContain(word);
    // The manifest, the word's shard and the chunks of the ten results at most.
    expect(exact.loaded.length).toBeLessThanOrEqual(12);
    expect(exact.loaded.length).toBeLessThan(files.length / 20);

    const letter = await sandbox.open(entry);
    expect((await letter.index.search(word.charAt(0))).length).toBe(10);
    expect(letter.loaded.filter((path) => path.includes("/p-")).length).toBe(1);
  });

  it("fails the query, and loads the file again next time, when an index file cannot be loaded", async () => {
    const { files, entry } = buildSearchIndex(generatedSite(300).documents);
    const sandbox = new IndexInSandbox(files);
    let broken = true;
    const { openSearchIndex } = await import("../../../src/exporter/search/query.ts");
    const index = await openSearchIndex(entry, async (path) => {
      if (broken && path !== entry) throw new Error(`${path} could not be loaded`);
      return sandbox.run(path);
    });
    await expect(index.search("ka")).rejects.toThrow(/could not be loaded/);
    broken = false;
    expect((await index.search("ka")).length).toBeGreaterThan(0);
  });
});
