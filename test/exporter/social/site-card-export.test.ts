import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const SITE_URL = "https://docs.example.com/";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function site(docs: Record<string, unknown> = {}, files: Record<string, string> = {}) {
  return makeRepo({
    "docs.json": JSON.stringify({
      name: "Lumen",
      description: "Reliable cron for the web.",
      colors: { primary: "#4F46E5", light: "#818CF8", dark: "#4338CA" },
      logo: { light: "/images/logo.svg", dark: "/images/logo.svg" },
      navigation: { groups: [{ group: "Start", pages: ["index", "custom"] }] },
      ...docs,
    }),
    "images/logo.svg":
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="28"><circle cx="14" cy="14" r="11" fill="#4F46E5"/><text x="32" y="20" font-family="system-ui" font-size="18">Lumen</text></svg>',
    "index.mdx": "---\ntitle: Home\ndescription: Start here.\n---\n\nHello.\n",
    "custom.mdx":
      '---\ntitle: Custom\n"og:image": "https://cdn.example.com/custom.png"\n---\n\nMine.\n',
    ...files,
  });
}

async function exported(sourceDir: string, siteUrl?: string, cacheDir?: string) {
  const outputDir = path.join(makeTempDir(), "site");
  const result = await exportSite({
    sourceDir,
    outputDir,
    concurrency: 0,
    ...(siteUrl ? { siteUrl } : {}),
    ...(cacheDir ? { cacheDir } : {}),
  });
  const cards = existsSync(path.join(outputDir, "_quire/og"))
    ? readdirSync(path.join(outputDir, "_quire/og")).map((name) => `_quire/og/${name}`)
    : [];
  return {
    result,
    cards,
    bytes: (file: string) => readFileSync(path.join(outputDir, file)),
    read: (file: string) => readFileSync(path.join(outputDir, file), "utf8"),
  };
}

function metaContent(html: string, key: string): string[] {
  return [
    ...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`, "g")),
  ].map((match) => match[1] as string);
}

/** Width, height and the first pixel's RGB of a PNG (the first pixel is unfiltered in any row-0 filter). */
function pngFacts(png: Buffer) {
  const chunks: Buffer[] = [];
  let colourType = 0;
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") colourType = data[9] as number;
    if (type === "IDAT") chunks.push(data);
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(chunks));
  expect([2, 6]).toContain(colourType);
  return {
    signature: [...png.subarray(0, 8)],
    header: png.toString("latin1", 12, 16),
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    firstPixel: [pixels[1], pixels[2], pixels[3]],
  };
}

describe("the social preview card", () => {
  it("draws a 1200×630 PNG that pages without an image of their own name as og:image and twitter:image", async () => {
    const { cards, bytes, read } = await exported(site(), SITE_URL);
    expect(cards).toHaveLength(1);
    const card = cards[0] as string;
    expect(card).toMatch(/^_quire\/og\/site\.[0-9a-f]{10}\.png$/);
    const facts = pngFacts(bytes(card));
    expect(facts.signature).toEqual(PNG_SIGNATURE);
    expect(facts.header).toBe("IHDR");
    expect([facts.width, facts.height]).toEqual([1200, 630]);
    expect(facts.firstPixel).toEqual([255, 255, 255]);
    const home = read("index.html");
    expect(metaContent(home, "og:image")).toEqual([`${SITE_URL}${card}`]);
    expect(metaContent(home, "twitter:image")).toEqual([`${SITE_URL}${card}`]);
    expect(metaContent(home, "twitter:card")).toEqual(["summary_large_image"]);
    expect(metaContent(home, "og:image:width")).toEqual(["1200"]);
  });

  it("leaves a page's own og:image as it is", async () => {
    const { read } = await exported(site(), SITE_URL);
    const custom = read("custom.html");
    expect(metaContent(custom, "og:image")).toEqual(["https://cdn.example.com/custom.png"]);
    expect(metaContent(custom, "twitter:image")).toEqual([]);
  });

  it("draws nothing and names no image without the site's URL", async () => {
    const { cards, read } = await exported(site());
    expect(cards).toEqual([]);
    expect(metaContent(read("index.html"), "og:image")).toEqual([]);
    expect(metaContent(read("index.html"), "twitter:card")).toEqual(["summary"]);
  });

  it("draws nothing when seo.metatags names every page's image", async () => {
    const sourceDir = site({
      seo: { metatags: { "og:image": "https://cdn.example.com/all.png" } },
    });
    const { cards, read } = await exported(sourceDir, SITE_URL);
    expect(cards).toEqual([]);
    expect(metaContent(read("index.html"), "og:image")).toEqual([
      "https://cdn.example.com/all.png",
    ]);
  });

  it("draws the same card, under the same name, on a second export", async () => {
    const sourceDir = site();
    const first = await exported(sourceDir, SITE_URL);
    const second = await exported(sourceDir, SITE_URL);
    expect(second.cards).toEqual(first.cards);
    expect(second.bytes(second.cards[0] as string)).toEqual(first.bytes(first.cards[0] as string));
  });

  it("takes the card from the export cache on a re-export, and draws again when the logo changes", async () => {
    const sourceDir = site();
    const cacheDir = makeTempDir();
    const first = await exported(sourceDir, SITE_URL, cacheDir);
    const entries = readdirSync(path.join(cacheDir, "social"));
    expect(entries).toHaveLength(1);
    // Mark the cached card: a re-export that drew again would not write the mark.
    const entryFile = path.join(cacheDir, "social", entries[0] as string);
    const entry = JSON.parse(readFileSync(entryFile, "utf8"));
    const marked = Buffer.concat([first.bytes(first.cards[0] as string), Buffer.from("cached")]);
    writeFileSync(entryFile, JSON.stringify({ ...entry, png: marked.toString("base64") }));
    const again = await exported(sourceDir, SITE_URL, cacheDir);
    expect(again.bytes(again.cards[0] as string)).toEqual(marked);
    writeFileSync(
      path.join(sourceDir, "images/logo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28"><rect width="28" height="28" fill="#000"/></svg>',
    );
    const changed = await exported(sourceDir, SITE_URL, cacheDir);
    expect(changed.cards[0]).not.toEqual(first.cards[0]);
    expect(pngFacts(changed.bytes(changed.cards[0] as string)).signature).toEqual(PNG_SIGNATURE);
  });

  it("follows thumbnails.appearance and draws on a repository background", async () => {
    const dark = await exported(site({ thumbnails: { appearance: "dark" } }), SITE_URL);
    expect(pngFacts(dark.bytes(dark.cards[0] as string)).firstPixel).toEqual([11, 13, 18]);
    const background = await exported(
      site(
        { thumbnails: { background: "/images/bg.svg" } },
        {
          "images/bg.svg":
            '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><rect width="120" height="63" fill="#ff0000"/></svg>',
        },
      ),
      SITE_URL,
    );
    expect(pngFacts(background.bytes(background.cards[0] as string)).firstPixel).toEqual([
      255, 0, 0,
    ]);
    expect(metaContent(background.read("index.html"), "og:image")).toEqual([
      `${SITE_URL}${background.cards[0]}`,
    ]);
  });

  it("draws without a background that is not the picture its name says, with a warning", async () => {
    const sourceDir = site(
      { thumbnails: { background: "/images/bg.png" } },
      { "images/bg.png": "not really a png" },
    );
    const { cards, result } = await exported(sourceDir, SITE_URL);
    expect(cards).toHaveLength(1);
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ rule: "social-card", file: "images/bg.png", severity: "warning" }),
    );
  });

  it("keeps a background on another host as every page's image, drawing nothing", async () => {
    const sourceDir = site({ thumbnails: { background: "https://cdn.example.com/bg.png" } });
    const { cards, read } = await exported(sourceDir, SITE_URL);
    expect(cards).toEqual([]);
    expect(metaContent(read("index.html"), "og:image")).toEqual(["https://cdn.example.com/bg.png"]);
  });
});
