import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DOWNLOADS_PATH, LocalFolderStore } from "../../src/storage/local-folder-store.ts";
import { isValidObjectKey } from "../../src/storage/object-store.ts";
import { checkLink } from "../../src/storage/signed-link.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const REFUSED_KEYS = [
  "",
  "/",
  "..",
  ".",
  "../secret.key",
  "exports/../../secret.key",
  "exports/..",
  "exports/./site.tar.gz",
  "/etc/passwd",
  "/exports/site.tar.gz",
  "exports\\site.tar.gz",
  "..\\secret.key",
  "exports//site.tar.gz",
  "exports/site.tar.gz/",
  "exports/ site.tar.gz",
  "exports/site.tar.gz\0",
  "exports/%2e%2e/secret.key",
  "C:\\secret.key",
];

function newStore(): { store: LocalFolderStore; root: string; outside: string } {
  const dir = makeTempDir();
  const root = path.join(dir, "objects");
  return { store: new LocalFolderStore(root, randomBytes(32)), root, outside: dir };
}

/** A file to put in the store, written in a separate folder as an export would. */
function stagedFile(content: string | Buffer): string {
  const file = path.join(makeTempDir(), "bundle.tar.gz");
  writeFileSync(file, content);
  return file;
}

/** Every file under a folder, relative to it. */
function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("object keys", () => {
  it("accepts relative paths of letters, digits, dots, dashes and underscores", () => {
    for (const key of [
      "site.tar.gz",
      "exports/exp_01hx/site.tar.gz",
      "a/b/c/d-e_f.1",
      "..site",
      "site..tar",
    ])
      expect(isValidObjectKey(key), key).toBe(true);
  });

  it("refuses keys with .., absolute paths, backslashes, empty parts or other characters", () => {
    for (const key of REFUSED_KEYS) expect(isValidObjectKey(key), JSON.stringify(key)).toBe(false);
  });
});

describe("LocalFolderStore", () => {
  it("creates its folder and reports it writable", async () => {
    const { store, root } = newStore();

    expect(existsSync(root)).toBe(true);
    expect(store.location).toBe(root);
    await expect(store.check()).resolves.toBeUndefined();
  });

  it("maps a valid key to a file inside its folder, and no other key to any file", () => {
    const { store, root } = newStore();

    expect(store.fileOf("exports/exp_1/site.tar.gz")).toBe(
      path.join(root, "exports", "exp_1", "site.tar.gz"),
    );
    for (const key of REFUSED_KEYS) expect(store.fileOf(key), JSON.stringify(key)).toBeUndefined();
  });

  it("moves a file in under its key and reports its size and an ETag", async () => {
    const { store, root } = newStore();
    const content = randomBytes(4096);
    const source = stagedFile(content);

    const stored = await store.putFile("exports/exp_1/site.tar.gz", source);

    expect(existsSync(source)).toBe(false);
    expect(readFileSync(path.join(root, "exports/exp_1/site.tar.gz"))).toEqual(content);
    expect(listFiles(root)).toEqual([path.join("exports", "exp_1", "site.tar.gz")]);
    expect(stored.sizeBytes).toBe(4096);
    expect(stored.etag).toMatch(/^"[^"]+"$/);
    expect(stored.modifiedAt).toBeInstanceOf(Date);
    expect(await store.stat("exports/exp_1/site.tar.gz")).toEqual(stored);
  });

  it("refuses to put a file under an invalid key, and leaves the file where it was", async () => {
    const { store, root, outside } = newStore();
    const source = stagedFile("secret");

    for (const key of REFUSED_KEYS)
      await expect(store.putFile(key, source), JSON.stringify(key)).rejects.toThrow(
        /invalid object key/,
      );

    expect(readFileSync(source, "utf8")).toBe("secret");
    expect(listFiles(root)).toEqual([]);
    expect(existsSync(path.join(outside, "secret.key"))).toBe(false);
  });

  it("changes the ETag when an object is replaced, even by content of the same size", async () => {
    const { store } = newStore();
    const first = await store.putFile("site.tar.gz", stagedFile("version 1"));
    const again = await store.stat("site.tar.gz");
    const second = await store.putFile("site.tar.gz", stagedFile("version 2"));

    expect(again?.etag).toBe(first.etag);
    expect(second.sizeBytes).toBe(first.sizeBytes);
    expect(second.etag).not.toBe(first.etag);
    expect(await text(store.read("site.tar.gz"))).toBe("version 2");
  });

  it("replaces an object atomically: a reader that opened the old one reads all of it", async () => {
    const { store, root } = newStore();
    const old = "o".repeat(256 * 1024);
    await store.putFile("site.tar.gz", stagedFile(old));
    const reader = store.read("site.tar.gz");
    await new Promise((resolve) => reader.once("readable", resolve));

    await store.putFile("site.tar.gz", stagedFile("n".repeat(1000)));

    expect(await text(reader)).toBe(old);
    expect(await text(store.read("site.tar.gz"))).toBe("n".repeat(1000));
    expect(listFiles(root)).toEqual(["site.tar.gz"]);
  });

  it("reports no object for a missing key, a folder, or an invalid key", async () => {
    const { store, root } = newStore();
    mkdirSync(path.join(root, "exports", "exp_1"), { recursive: true });

    expect(await store.stat("exports/exp_1/site.tar.gz")).toBeUndefined();
    expect(await store.stat("exports/exp_1")).toBeUndefined();
    expect(await store.stat("../secret.key")).toBeUndefined();
  });

  it("downloads an object into a local file, leaving the object in place", async () => {
    const { store, root } = newStore();
    const content = randomBytes(4096);
    await store.putFile("exports/exp_1/site.tar.gz", stagedFile(content));
    const copy = path.join(makeTempDir(), "copy.tar.gz");
    await store.download("exports/exp_1/site.tar.gz", copy);
    expect(readFileSync(copy)).toEqual(content);
    expect(readFileSync(path.join(root, "exports/exp_1/site.tar.gz"))).toEqual(content);
    await expect(store.download("../secret.key", copy)).rejects.toThrow(/invalid object key/);
  });

  it("reads an inclusive byte range of an object", async () => {
    const { store } = newStore();
    await store.putFile("digits.bin", stagedFile("0123456789"));

    expect(await text(store.read("digits.bin", { start: 2, end: 5 }))).toBe("2345");
    expect(await text(store.read("digits.bin", { start: 9, end: 9 }))).toBe("9");
    expect(() => store.read("../digits.bin")).toThrow(/invalid object key/);
  });

  it("presigns a link to the API's download route that carries the key, the expiry and the file name", async () => {
    const { store } = newStore();
    const expiresAt = new Date("2030-01-02T03:04:05.678Z");

    const link = new URL(
      await store.presign("exports/exp_1/site.tar.gz", {
        expiresAt,
        baseUrl: "https://docs.example.com:8443",
        fileName: "site.tar.gz",
      }),
    );

    expect(link.origin).toBe("https://docs.example.com:8443");
    expect(link.pathname).toBe(`${DOWNLOADS_PATH}/exports/exp_1/site.tar.gz`);
    const expires = Number(link.searchParams.get("expires"));
    expect(expires).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(link.searchParams.get("name")).toBe("site.tar.gz");
    const signature = link.searchParams.get("signature") ?? "";
    const parts = { key: "exports/exp_1/site.tar.gz", expires, fileName: "site.tar.gz" };
    expect(checkLink(store.linkKey, parts, signature, expires - 1)).toBe("valid");
    expect(checkLink(store.linkKey, parts, signature, expires)).toBe("expired");
    expect(checkLink(randomBytes(32), parts, signature, expires - 1)).toBe("invalid");
  });
});
