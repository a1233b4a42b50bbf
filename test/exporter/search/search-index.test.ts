import { describe, expect, it } from "vitest";
import { runInNewContext } from "node:vm";
import { buildSearchIndex, SEARCH_ENTRY, type SearchDocument } from "../../../src/exporter/search/build-index.ts";
import type { SearchDocumentEntry, SearchManifest, TermShard } from "../../../src/exporter/search/index-format.ts";
import { excerpt, search, type SearchSource } from "../../../src/exporter/search/query.ts";
import { shardKey, tokenize } from "../../../src/exporter/search/tokenize.ts";

const DOCUMENTS: SearchDocument[] = [
  { path: "guides/retries", title: "Retries", description: "How failed attempts are retried.", sections: [{ anchor: "", heading: "", text: "When an attempt fails, Lumen waits and tries again." }, { anchor: "back-off", heading: "Back-off", text: "The wait doubles each time, with jitter." }] },
  { path: "guides/schedules", title: "Schedules", sections: [{ anchor: "intervals", heading: "Intervals", text: "Use every for a fixed interval between retries." }] },
  { path: "fr/index", title: "Documentation de Lumen", sections: [{ anchor: "", heading: "", text: "Des tâches planifiées, fiables." }] },
];

/** Loads the built index the way a browser does: by running its script files. */
function sourceFrom(files: { path: string; content: string }[]): { source: SearchSource; loaded: string[] } {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  const loaded: string[] = [];
  let manifest: SearchManifest | undefined;
  const shards = new Map<string, TermShard>();
  const chunks = new Map<number, SearchDocumentEntry[]>();
  const window = { __quireSearch: { manifest: (value: SearchManifest) => (manifest = value), shard: (key: string, value: TermShard) => shards.set(key, value), chunk: (index: number, value: SearchDocumentEntry[]) => chunks.set(index, value) } };
  const load = (file: string): void => {
    loaded.push(file);
    runInNewContext(byPath.get(file) as string, window);
  };
  load(SEARCH_ENTRY);
  const source: SearchSource = {
    manifest: manifest as SearchManifest,
    loadShard: async (key) => {
      if (!shards.has(key)) load(source.manifest.shards[key] as string);
      return shards.get(key) as TermShard;
    },
    loadChunk: async (index) => {
      if (!chunks.has(index)) load(source.manifest.chunks[index] as string);
      return chunks.get(index) as SearchDocumentEntry[];
    },
  };
  return { source, loaded };
}

describe("the search index", () => {
  it("finds sections by prefix as the reader types, title matches first", async () => {
    const { source } = sourceFrom(buildSearchIndex(DOCUMENTS).files);
    const results = await search(source, "retr");
    expect(results.map((result) => `${result.document.p}#${result.document.a}`)).toEqual(["guides/retries#", "guides/retries#back-off", "guides/schedules#intervals"]);
  });

  it("requires every word of the query and ignores accents and case", async () => {
    const { source } = sourceFrom(buildSearchIndex(DOCUMENTS).files);
    expect((await search(source, "wait doubles")).map((result) => result.document.h)).toEqual(["Back-off"]);
    expect((await search(source, "TACHES")).map((result) => result.document.t)).toEqual(["Documentation de Lumen"]);
    expect(await search(source, "nothing-like-this")).toEqual([]);
  });

  it("highlights the query in an escaped excerpt", () => {
    expect(excerpt("Use <every> for a fixed interval.", tokenize("fixed interv"))).toBe("Use &#60;every&#62; for a <mark>fixed</mark> <mark>interval</mark>.");
  });

  it("is the same bytes for the same input", () => {
    expect(JSON.stringify(buildSearchIndex(DOCUMENTS))).toBe(JSON.stringify(buildSearchIndex(structuredClone(DOCUMENTS))));
  });

  it("keeps what a first query loads under 500 KB on a 5,000-page site", async () => {
    const words = "schedule job run attempt retry queue worker lease webhook timezone cron interval payload header request response status latency timeout backoff jitter endpoint token secret dashboard project".split(" ");
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const text = (count: number): string => Array.from({ length: count }, () => `${words[Math.floor(next() * words.length)]}${Math.floor(next() * 400)}`).join(" ");
    const documents: SearchDocument[] = Array.from({ length: 5000 }, (_, index) => ({
      path: `section/page-${index}`,
      title: `Page ${index} ${text(2)}`,
      sections: Array.from({ length: 4 }, (_unused, section) => ({ anchor: `part-${section}`, heading: text(3), text: `${text(120)} schedule retry` })),
    }));
    const { files } = buildSearchIndex(documents);
    const sizes = new Map(files.map((file) => [file.path, Buffer.byteLength(file.content)]));
    for (const query of ["schedule", "retry", "s", "webhook12", "page 42"]) {
      const { source, loaded } = sourceFrom(files);
      await search(source, query);
      const bytes = loaded.reduce((total, file) => total + (sizes.get(file) ?? 0), 0);
      expect(bytes, `query "${query}" loaded ${loaded.map((file) => `${file}=${sizes.get(file)}`).join(", ")}`).toBeLessThan(500 * 1024);
    }
    expect(files.length).toBeGreaterThan(50);
  });

  it("splits busy prefixes of terms into longer shards", () => {
    expect(shardKey("schedule", new Set(["s"]))).toBe("sc");
    expect(shardKey("schedule", new Set(["s", "sc"]))).toBe("sch");
    expect(shardKey("s", new Set(["s"]))).toBe("s");
    expect(shardKey("retry", new Set(["s"]))).toBe("r");
  });
});
