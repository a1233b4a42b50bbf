import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Header } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BundleError, checkEntryPath, unpackBundle } from "../../src/serve/unpack-bundle.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BIN = path.resolve("bin/quire.js");
const MANIFEST = JSON.stringify({
  formatVersion: 1,
  jobId: null,
  domain: null,
  version: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  pageCount: 1,
  generator: "test",
});

interface RawEntry {
  path: string;
  type?: "File" | "Directory" | "SymbolicLink" | "Link" | "CharacterDevice" | "FIFO";
  content?: string;
  /** Declared size when it differs from the content (a bomb declares much, sends little). */
  size?: number;
  linkpath?: string;
}

/** A .tar.gz written header by header, so hostile entries are exactly what the test says. */
function rawArchive(entries: RawEntry[], options: { truncateTo?: number } = {}): string {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? "");
    const header = new Header({
      path: entry.path,
      type: entry.type ?? "File",
      size: entry.size ?? (entry.type && entry.type !== "File" ? 0 : content.length),
      mode: 0o644,
      mtime: new Date(0),
      linkpath: entry.linkpath,
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (content.length > 0)
      blocks.push(content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  let archive = gzipSync(Buffer.concat(blocks));
  if (options.truncateTo !== undefined) archive = archive.subarray(0, options.truncateTo);
  const file = path.join(makeTempDir(), "bundle.tar.gz");
  writeFileSync(file, archive);
  return file;
}

const SITE: RawEntry[] = [
  { path: "index.html", content: "<h1>Home</h1>" },
  { path: "guide/setup.html", content: "<h1>Setup</h1>" },
  { path: "quire-export.json", content: MANIFEST },
];

// Made once for the file, in a folder of its own (makeTempDir's folders go after each test).
const bundleFolder = mkdtempSync(path.join(os.tmpdir(), "quire-unpack-"));
const realBundle = path.join(bundleFolder, "examples.tar.gz");
afterAll(() => rmSync(bundleFolder, { recursive: true, force: true }));
beforeAll(() => {
  execFileSync(
    process.execPath,
    [BIN, "export", "examples/docs", "-o", realBundle, "--quiet", "--no-cache"],
    { stdio: "ignore" },
  );
}, 120_000);

async function refused(
  archive: string,
  limits?: Parameters<typeof unpackBundle>[2],
  prepare?: () => void,
) {
  const parent = makeTempDir();
  const destination = path.join(parent, "versions", "v1");
  const error = await unpackBundle(archive, destination, limits, { prepare }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BundleError);
  // Nothing is left: no version, no staging folder.
  expect(existsSync(destination)).toBe(false);
  expect(
    existsSync(path.dirname(destination)) ? readdirSync(path.dirname(destination)) : [],
  ).toEqual([]);
  return (error as Error).message;
}

describe("unpacking a bundle", () => {
  it("unpacks a real export with every file and reads its manifest", async () => {
    const destination = path.join(makeTempDir(), "v1");
    const unpacked = await unpackBundle(realBundle, destination);
    expect(unpacked.manifest.formatVersion).toBe(1);
    expect(unpacked.manifest.pageCount).toBeGreaterThan(20);
    expect(unpacked.site).toBe(path.join(destination, "site"));
    expect(readFileSync(path.join(unpacked.site, "index.html"), "utf8")).toContain("<html");
    const listed = execFileSync("tar", ["-tzf", realBundle], { encoding: "utf8" })
      .split("\n")
      .filter((name) => name && !name.endsWith("/"));
    expect(unpacked.files).toBe(listed.length);
  });

  it("unpacks a minimal hand-written bundle", async () => {
    const destination = path.join(makeTempDir(), "v1");
    const unpacked = await unpackBundle(rawArchive(SITE), destination);
    expect(unpacked.files).toBe(3);
    expect(readFileSync(path.join(unpacked.site, "guide/setup.html"), "utf8")).toBe(
      "<h1>Setup</h1>",
    );
  });

  it("writes every byte of the files that follow a large one (their content arrives buffered)", async () => {
    // While the large file is written, the next entries are read with their content held
    // back; each must still reach its file whole.
    // Random text: it compresses little, so it arrives in many chunks and is slow to write.
    const large = randomBytes(1_500_000).toString("base64");
    const small = Array.from({ length: 40 }, (_, index) => ({
      path: `pages/page-${index}.html`,
      content: `<h1>Page ${index}</h1>${"<p>text</p>".repeat(index * 50)}`,
    }));
    const entries = [{ path: "big.txt", content: large }, ...small, ...SITE];
    const destination = path.join(makeTempDir(), "v1");
    const unpacked = await unpackBundle(rawArchive(entries), destination);
    for (const entry of entries)
      expect(readFileSync(path.join(unpacked.site, entry.path), "utf8"), entry.path).toBe(
        entry.content,
      );
    expect(unpacked.bytes).toBe(
      entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.content ?? ""), 0),
    );
  });

  it.each([
    [
      "a path leaving the bundle (zip slip)",
      { path: "../../escaped.html", content: "x" },
      /leaves the bundle/,
    ],
    [
      "a nested path leaving the bundle",
      { path: "guide/../../escaped.html", content: "x" },
      /leaves the bundle/,
    ],
    ["an absolute path", { path: "/tmp/escaped.html", content: "x" }, /is absolute/],
    [
      "a symbolic link",
      { path: "link", type: "SymbolicLink", linkpath: "/etc/passwd" },
      /SymbolicLink: only regular files and folders/,
    ],
    [
      "a hard link",
      { path: "hard", type: "Link", linkpath: "index.html" },
      /Link: only regular files/,
    ],
    ["a character device", { path: "dev", type: "CharacterDevice" }, /CharacterDevice/],
    ["a FIFO", { path: "pipe", type: "FIFO" }, /FIFO/],
  ] as [
    string,
    RawEntry,
    RegExp,
  ][])("refuses %s and writes nothing", async (_name, hostile, message) => {
    const outside = makeTempDir();
    expect(await refused(rawArchive([...SITE, hostile]))).toMatch(message);
    expect(readdirSync(outside)).toEqual([]);
  });

  it("refuses duplicate entries and a file that is also a folder", async () => {
    expect(
      await refused(rawArchive([...SITE, { path: "index.html", content: "<h1>Other</h1>" }])),
    ).toMatch(/appears twice/);
    expect(
      await refused(rawArchive([...SITE, { path: "index.html/inner.html", content: "x" }])),
    ).toMatch(/inside a file/);
  });

  it("refuses a bomb by what it declares, before writing it", async () => {
    // The header claims 10 GiB; the limit is checked on the header, not by writing 10 GiB.
    const bomb = rawArchive([...SITE, { path: "huge.bin", content: "x", size: 10 * 1024 ** 3 }]);
    expect(await refused(bomb)).toMatch(/declares 10737418240 bytes, over the limit/);
    expect(
      await refused(rawArchive(SITE), { maxEntries: 2, maxTotalBytes: 1e9, maxFileBytes: 1e9 }),
    ).toMatch(/more than 2 entries/);
    expect(
      await refused(rawArchive(SITE), { maxEntries: 100, maxTotalBytes: 20, maxFileBytes: 1e9 }),
    ).toMatch(/more than 20 bytes in all/);
  });

  it("refuses a truncated archive, a corrupt one, and one that is not gzip at all", async () => {
    const whole = readFileSync(realBundle);
    const truncated = path.join(makeTempDir(), "truncated.tar.gz");
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await refused(truncated)).toMatch(/damaged|not a readable/);
    const corrupt = path.join(makeTempDir(), "corrupt.tar.gz");
    const bytes = Buffer.from(whole);
    for (let index = 2000; index < 2100; index++) bytes[index] = (bytes[index] as number) ^ 0xff;
    writeFileSync(corrupt, bytes);
    expect(await refused(corrupt)).toMatch(/damaged|not a readable/);
    const text = path.join(makeTempDir(), "text.tar.gz");
    writeFileSync(text, "this is not an archive");
    expect(await refused(text)).toMatch(/damaged|not a readable|empty/);
  });

  it("refuses a bundle without quire-export.json, with a broken one, or without index.html", async () => {
    expect(await refused(rawArchive(SITE.slice(0, 2)))).toMatch(/no quire-export\.json/);
    expect(
      await refused(
        rawArchive([...SITE.slice(0, 2), { path: "quire-export.json", content: "{not json" }]),
      ),
    ).toMatch(/not valid JSON/);
    expect(await refused(rawArchive(SITE.slice(1)))).toMatch(/no index\.html/);
  });

  it("finishes the version in its staging folder: the destination appears only once prepared", async () => {
    const destination = path.join(makeTempDir(), "versions", "v1");
    let seen: { staging: string; destinationThen: boolean; version: string | null } | undefined;
    await unpackBundle(rawArchive(SITE), destination, undefined, {
      prepare: (layout, manifest) => {
        // The bundle's files in site/, and a folder beside it for Quire's compressed copies.
        expect(path.basename(layout.site)).toBe("site");
        expect(path.dirname(layout.compressed)).toBe(path.dirname(layout.site));
        mkdirSync(path.join(layout.compressed, "gzip"), { recursive: true });
        writeFileSync(
          path.join(layout.compressed, "gzip", "index.html"),
          gzipSync("<h1>Home</h1>"),
        );
        seen = {
          staging: path.basename(path.dirname(layout.site)),
          destinationThen: existsSync(destination),
          version: manifest.version,
        };
      },
    });
    // Named after its owner (pid and host), so a later start can tell a killed unpack's leftover.
    expect(seen?.staging).toMatch(
      new RegExp(`^v1\\.partial-${process.pid}-[0-9a-f]{8}-[0-9a-f]{8}$`),
    );
    expect(seen?.destinationThen).toBe(false);
    expect(seen?.version).toBeNull();
    expect(readdirSync(destination).sort()).toEqual(["compressed", "site"]);
    expect(existsSync(path.join(destination, "compressed", "gzip", "index.html"))).toBe(true);

    const refusedByPrepare = await refused(rawArchive(SITE), undefined, () => {
      throw new BundleError("the bundle is version 2, but the values pin version 1: refused");
    });
    expect(refusedByPrepare).toMatch(/pin version 1/);
  });

  it("unpacks an archive made by the system's tar from inside the site folder (./ entries)", async () => {
    const site = makeTempDir();
    writeFileSync(path.join(site, "index.html"), "<h1>Home</h1>");
    writeFileSync(path.join(site, "quire-export.json"), MANIFEST);
    mkdirSync(path.join(site, "guide"));
    writeFileSync(path.join(site, "guide", "setup.html"), "<h1>Setup</h1>");
    const archive = path.join(makeTempDir(), "b.tar.gz");
    execFileSync("tar", ["-czf", archive, "-C", site, "."]);
    // What the system's tar wrote: the root itself first, every path under ./
    const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).split("\n");
    expect(listed).toContain("./");
    expect(listed).toContain("./guide/setup.html");

    const destination = path.join(makeTempDir(), "v1");
    const unpacked = await unpackBundle(archive, destination);
    expect(unpacked.files).toBe(3);
    expect(readFileSync(path.join(unpacked.site, "guide/setup.html"), "utf8")).toBe(
      "<h1>Setup</h1>",
    );
    expect(readdirSync(unpacked.site).sort()).toEqual(["guide", "index.html", "quire-export.json"]);
  });

  it("keeps every check for ./ entries: links, .. and a file named like the root are refused", async () => {
    // A symbolic link out of the site, archived by the system's tar as ./link.
    const site = makeTempDir();
    writeFileSync(path.join(site, "index.html"), "<h1>Home</h1>");
    writeFileSync(path.join(site, "quire-export.json"), MANIFEST);
    symlinkSync("/etc/passwd", path.join(site, "link"));
    const withLink = path.join(makeTempDir(), "link.tar.gz");
    execFileSync("tar", ["-czf", withLink, "-C", site, "."]);
    expect(await refused(withLink)).toMatch(/"\.\/link" is a SymbolicLink/);

    const root: RawEntry = { path: "./", type: "Directory" };
    const rooted = (entries: RawEntry[]) =>
      entries.map((entry) => ({ ...entry, path: `./${entry.path}` }));
    expect(
      await refused(
        rawArchive([root, ...rooted(SITE), { path: "./../escaped.html", content: "x" }]),
      ),
    ).toMatch(/"\.\/\.\.\/escaped\.html" leaves the bundle/);
    expect(await refused(rawArchive([root, ...rooted(SITE), { path: ".", content: "x" }]))).toMatch(
      /"\." is a file named like the bundle's root/,
    );
    expect(
      await refused(rawArchive([root, ...rooted(SITE), { path: "./index.html", content: "x" }])),
    ).toMatch(/appears twice/);
    expect(
      await refused(rawArchive([root, ...rooted(SITE)]), {
        maxEntries: 3,
        maxTotalBytes: 1e9,
        maxFileBytes: 1e9,
      }),
    ).toMatch(/more than 3 entries/);
  });

  it("never overwrites an existing version", async () => {
    const destination = makeTempDir();
    await expect(unpackBundle(rawArchive(SITE), destination)).rejects.toThrow(/already exists/);
  });
});

describe("checkEntryPath", () => {
  it.each([
    ["./index.html", "index.html"],
    ["a//b/./c.html", "a/b/c.html"],
    ["./", ""],
    [".", ""],
  ])("normalizes %j", (raw, expected) => {
    expect(checkEntryPath(raw)).toEqual({ path: expected });
  });
  it.each([
    "..",
    "a/../../b",
    "/etc/passwd",
    "C:/x",
    "a\\b",
    "a\0b",
    "",
    "./../x",
    "./..",
  ])("refuses %j", (raw) => {
    expect(checkEntryPath(raw)).toHaveProperty("refused");
  });
});
