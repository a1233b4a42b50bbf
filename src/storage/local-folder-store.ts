import { createHash } from "node:crypto";
import { copyFileSync, createReadStream, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { access, constants, copyFile, stat } from "node:fs/promises";
import path from "node:path";
import { CodedError } from "../domain/errors.ts";
import { confine } from "../files/confine.ts";
import { isValidObjectKey, type ObjectStore, type StoredObject } from "./object-store.ts";
import { signLink } from "./signed-link.ts";

/** The path prefix under which the API serves the local store's signed links. */
export const DOWNLOADS_PATH = "/downloads";

/**
 * The embedded object store: a folder in the data dir. Its links point at the API's own
 * `GET /downloads/<key>` route, signed with HMAC-SHA256 (see signed-link.ts).
 */
export class LocalFolderStore implements ObjectStore {
  readonly root: string;
  readonly #linkKey: Buffer;

  constructor(root: string, linkKey: Buffer) {
    this.root = path.resolve(root);
    this.#linkKey = linkKey;
    mkdirSync(this.root, { recursive: true });
  }

  get location(): string {
    return this.root;
  }

  get linkKey(): Buffer {
    return this.#linkKey;
  }

  /** The file behind a key, or undefined for a key that cannot name one. */
  fileOf(key: string): string | undefined {
    if (!isValidObjectKey(key)) return undefined;
    const file = confine(this.root, key);
    // The root itself holds no object.
    return file === path.resolve(this.root) ? undefined : file;
  }

  async putFile(key: string, file: string): Promise<StoredObject> {
    const target = this.fileOf(key);
    if (!target) throw new CodedError("QUIRE_ERR_STORAGE_KEY_INVALID", { key });
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    try {
      renameSync(file, partial);
    } catch (error) {
      // Another file system: copy instead of moving.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      copyFileSync(file, partial);
      rmSync(file, { force: true });
    }
    renameSync(partial, target);
    return toStored(statSync(target));
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const file = this.fileOf(key);
    if (!file) return undefined;
    try {
      const info = await stat(file);
      return info.isFile() ? toStored(info) : undefined;
    } catch {
      return undefined;
    }
  }

  async download(key: string, file: string): Promise<void> {
    const source = this.fileOf(key);
    if (!source) throw new CodedError("QUIRE_ERR_STORAGE_KEY_INVALID", { key });
    await copyFile(source, file);
  }

  async presign(
    key: string,
    options: { expiresAt: Date; baseUrl: string; fileName: string },
  ): Promise<string> {
    if (!this.fileOf(key)) throw new CodedError("QUIRE_ERR_STORAGE_KEY_INVALID", { key });
    const expires = Math.floor(options.expiresAt.getTime() / 1000);
    const signature = signLink(this.#linkKey, { key, expires, fileName: options.fileName });
    const query = new URLSearchParams({
      expires: String(expires),
      name: options.fileName,
      signature,
    });
    return `${options.baseUrl}${DOWNLOADS_PATH}/${key.split("/").map(encodeURIComponent).join("/")}?${query}`;
  }

  async check(): Promise<void> {
    await access(this.root, constants.W_OK);
  }

  /** Streams a byte range of a stored object. */
  read(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream {
    const file = this.fileOf(key);
    if (!file) throw new CodedError("QUIRE_ERR_STORAGE_KEY_INVALID", { key });
    return createReadStream(file, range);
  }
}

function toStored(info: { size: number; mtimeMs: number; ino: number }): StoredObject {
  const etag = `"${createHash("sha1").update(`${info.size}:${info.mtimeMs}:${info.ino}`).digest("base64url").slice(0, 22)}"`;
  return { sizeBytes: info.size, etag, modifiedAt: new Date(Math.floor(info.mtimeMs)) };
}
