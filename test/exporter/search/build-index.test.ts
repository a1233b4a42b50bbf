import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  SEARCH_ENTRY,
  type SearchDocument,
  sectionsForIndex,
} from "../../../src/exporter/search/build-index.ts";
import type { SearchManifest, TermShard } from "../../../src/exporter/search/index-format.ts";
import { generatedSite } from "./generated-site.ts";
import { IndexInSandbox } from "./index-in-sandbox.ts";
import { SAMPLE_SITE } from "./sample-site.ts";

const KB = 1024;

/** Every term of every shard the manifest embeds or names. */
function termsOf(files: ReturnType<typeof buildSearchIndex>["files"]): Set<string> {
  const sandbox = new IndexInSandbox(files);
  const manifest = sandbox.run(SEARCH_ENTRY) as SearchManifest;
  const embedded = new Map(manifest.embedded);
  const terms = new Set<string>();
  for (const [, id] of manifest.shards) {
    const shard = (embedded.get(id) ?? sandbox.run(`_quire/search/${id}.js`)) as TermShard;
    for (let index = 0; index < shard.length; index += 2) terms.add(shard[index] as string);
  }
  return terms;
}

describe("building the search index", () => {
  it("writes a small site as one script that hands its data to window.__quireSearch", () => {
    const { files, entry } = buildSearchIndex(SAMPLE_SITE);
    expect(entry).toBe("_quire/search/index.js");
    expect(files.map((file) => file.path)).toEqual([entry]);
    expect(files[0]?.content).toMatch(/^window\.__quireSearch\.load\("index",\{.*\}\);\n$/s);
  });

  it("indexes the words of titles, descriptions, breadcrumbs, headings and text, stemmed, without stop words", () => {
    const terms = termsOf(buildSearchIndex(SAMPLE_SITE).files);
    for (const term of [
      "lumen",
      "documentation",
      "schedule",
      "retry",
      "reliability",
      "back",
      "off",
      "jitter",
      "daylight",
      "planifiee",
    ]) {
      expect(terms, term).toContain(term);
    }
    expect(terms).not.toContain("the");
    expect(terms).not.toContain("retries");
  });

  it("ranks a page with frontmatter boost above one that matches as well without it", async () => {
    const page = (path: string, boost?: number): SearchDocument => ({
      path,
      title: "Webhooks",
      sections: [{ anchor: "", heading: "", text: "Receive webhooks when a job runs." }],
      ...(boost ? { boost } : {}),
    });
    const order = async (documents: SearchDocument[]) => {
      const { files, entry } = buildSearchIndex(documents);
      const { index } = await new IndexInSandbox(files).open(entry);
      return (await index.search("webhooks")).map((hit) => hit.path);
    };
    expect(await order([page("a"), page("b", 3)])).toEqual(["b", "a"]);
    expect(await order([page("a", 0.2), page("b")])).toEqual(["b", "a"]);
  });

  it("gives a site with no pages an index that loads and finds nothing", async () => {
    const { files, entry } = buildSearchIndex([]);
    expect(files.map((file) => file.path)).toEqual([entry]);
    const { index } = await new IndexInSandbox(files).open(entry);
    expect(await index.search("anything")).toEqual([]);
  });

  it("builds the same index from sections cut to what excerpts show, their words kept apart", () => {
    const { documents } = generatedSite(300, 7);
    // Long texts with repeated words, accents, Korean and a long introduction beside a description.
    const extra: SearchDocument[] = [
      {
        path: "long",
        title: "Long page",
        description: "Déjà vu retries",
        sections: [
          { anchor: "", heading: "", text: `${"retries backoff Café ".repeat(80)}end` },
          { anchor: "", heading: "", text: "second introduction part" },
          { anchor: "ko", heading: "한국어", text: "재시도 정책 ".repeat(200) },
          { anchor: "short", heading: "Short", text: "Just a few words." },
        ],
      },
    ];
    const whole = [...documents, ...extra];
    const compact = whole.map((document) => ({
      ...document,
      sections: sectionsForIndex(document.sections),
    }));
    // The texts really are cut: a page holds a few hundred characters per section.
    const longSection = compact.at(-1)?.sections[0];
    expect(longSection?.text.length).toBe(601);
    expect(longSection?.words).toContain("retries");
    const files = (documents: SearchDocument[]) =>
      buildSearchIndex(documents).files.map((file) => `${file.path}\n${file.content}`);
    expect(files(compact)).toEqual(files(whole));
  });

  it("gives the same bytes for the same pages", () => {
    const large = generatedSite(400).documents;
    expect(buildSearchIndex(large)).toEqual(buildSearchIndex(structuredClone(large)));
    expect(buildSearchIndex(SAMPLE_SITE)).toEqual(buildSearchIndex(structuredClone(SAMPLE_SITE)));
  });

  it("splits a larger site into content-hashed files: a changed page changes only the names of the files it is in", () => {
    const documents = generatedSite(400).documents;
    const before = buildSearchIndex(documents).files;
    const changed: SearchDocument[] = structuredClone(documents);
    (changed[399] as SearchDocument).title = "Zebra crossing";
    const after = buildSearchIndex(changed).files;

    expect(before.length).toBeGreaterThan(20);
    for (const file of before.slice(1))
      expect(file.path).toMatch(/^_quire\/search\/[tdp]-[0-9a-f]{12}\.js$/);
    const beforePaths = new Set(before.map((file) => file.path));
    const renamed = after.filter((file) => !beforePaths.has(file.path)).map((file) => file.path);
    // The manifest (fixed name), the last document chunk, and the shards of "zebra", "crossing"
    // and of the old title's words.
    expect(renamed.length).toBeLessThan(12);
    expect(renamed.some((path) => path.startsWith("_quire/search/d-"))).toBe(true);
  });

  it("splits the term dictionary only where it outgrows a shard", () => {
    const sandbox = (pages: number) => {
      const { files } = buildSearchIndex(generatedSite(pages).documents);
      return new IndexInSandbox(files).run(SEARCH_ENTRY) as SearchManifest;
    };
    const small = sandbox(5);
    expect(small.split).toEqual([]);
    expect(small.shards.map(([key]) => key)).toEqual([""]);
    const large = sandbox(2000);
    expect(large.split.length).toBeGreaterThan(10);
    expect(large.split).toContain("");
  });

  it("keeps what any one-word query loads under 500 KB on a 5,000-page site", async () => {
    const { documents, vocabulary } = generatedSite(5000);
    const { files, entry } = buildSearchIndex(documents);
    const sandbox = new IndexInSandbox(files);
    const largest = { bytes: 0, query: "" };
    // Common, middling and rare words, half-typed words, and one- and two-letter prefixes.
    const queries = [
      ...vocabulary.filter((_, rank) => rank < 50 || rank % 97 === 0),
      ...vocabulary.filter((_, rank) => rank % 211 === 0).map((word) => word.slice(0, 4)),
      ..."abdefgiklmnopqrstuvxz".split(""),
      ...["ka", "lo", "mi", "sh", "gr", "qu", "um", "ix"],
    ];
    for (const query of queries) {
      const { index, loaded } = await sandbox.open(entry);
      const hits = await index.search(query);
      const bytes = sandbox.bytes(loaded);
      if (bytes > largest.bytes) Object.assign(largest, { bytes, query });
      if (vocabulary.includes(query)) expect(hits.length, query).toBeGreaterThan(0);
    }
    expect(largest.bytes, `query "${largest.query}"`).toBeLessThanOrEqual(500 * KB);
    // And the files a query can need are each well below the cap.
    for (const [path, size] of sandbox.sizes) expect(size, path).toBeLessThan(200 * KB);
  });
});
