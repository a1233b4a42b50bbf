import { randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Parser, type ReadEntry } from "tar";
import { CodedError } from "../domain/errors.ts";
import { OWNER } from "./leftovers.ts";
import { compressedPath, sitePath } from "./version-layout.ts";

/**
 * Unpacks a bundle that Quire did not necessarily build: every entry is checked before a byte
 * of it is written. Only regular files and folders; no absolute paths, `..`, links, devices or
 * duplicates; bounded entry count and sizes; gzip and tar integrity; `quire-export.json`
 * readable. Everything is written into a staging folder next to the destination, finished
 * there (`prepare`), and renamed into place at the end: the destination appears complete or
 * not at all, a refused or broken archive leaves nothing behind, and a process killed midway
 * leaves only a staging folder named after it (see leftovers.ts), never a version.
 */
export interface UnpackLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxFileBytes: number;
}

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 4 * 1024 ** 3,
  maxFileBytes: 1024 ** 3,
};

/** The bundle's own description, its quire-export.json (the fields quire serve reads). */
export interface BundleManifest {
  formatVersion: number;
  jobId: string | null;
  domain: string | null;
  version: string | null;
  createdAt: string;
  pageCount: number;
  generator: string;
}

export interface UnpackedBundle {
  /** The version's folder; the bundle's files are in its `site/` (version-layout.ts). */
  directory: string;
  site: string;
  manifest: BundleManifest;
  files: number;
  bytes: number;
}

/** A bundle was refused; the message says what is wrong with it. */
export class BundleError extends CodedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("QUIRE_ERR_SERVE_BUNDLE_INVALID", message, options);
  }
}

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);

/**
 * The entry's path as a relative path of plain segments, or a reason to refuse it. `./` and
 * `.` (what `tar -C site .` writes first) are the bundle's root itself: the path "".
 */
export function checkEntryPath(raw: string): { path: string } | { refused: string } {
  if (raw === "") return { refused: "is empty" };
  if (raw.includes("\0")) return { refused: "contains a NUL byte" };
  if (raw.includes("\\")) return { refused: "contains a backslash" };
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) return { refused: "is absolute" };
  const segments = raw.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => segment === "..")) return { refused: "leaves the bundle (..)" };
  return { path: segments.join("/") };
}

export interface UnpackOptions {
  /**
   * Runs on the staging folder once everything is checked and written, before it is renamed
   * into place: work that must be complete before anyone sees the version (compressed copies
   * into `layout.compressed`, a check of the manifest). A BundleError thrown here refuses the
   * bundle.
   */
  prepare?: (
    layout: { site: string; compressed: string },
    manifest: BundleManifest,
  ) => void | Promise<void>;
}

/** Unpacks `archive` into the version folder `destination` (which must not exist yet). */
export async function unpackBundle(
  archive: string,
  destination: string,
  limits: UnpackLimits = DEFAULT_UNPACK_LIMITS,
  options: UnpackOptions = {},
): Promise<UnpackedBundle> {
  if (existsSync(destination)) throw new BundleError(`${destination} already exists`);
  const staging = `${destination}.partial-${OWNER}-${randomBytes(4).toString("hex")}`;
  const site = sitePath(staging);
  mkdirSync(site, { recursive: true });
  let extracted = false;
  try {
    const { files, bytes } = await extractChecked(archive, site, limits);
    extracted = true;
    const manifest = readManifest(site);
    await options.prepare?.({ site, compressed: compressedPath(staging) }, manifest);
    renameSync(staging, destination);
    return { directory: destination, site: sitePath(destination), manifest, files, bytes };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Past extraction, a failure (a full disk, a rename) is this machine's, not the bundle's.
    if (error instanceof BundleError || extracted) throw error;
    throw new BundleError(`the bundle is damaged: ${(error as Error).message}`, { cause: error });
  }
}

async function extractChecked(
  archive: string,
  root: string,
  limits: UnpackLimits,
): Promise<{ files: number; bytes: number }> {
  const seen = new Map<string, "file" | "folder">();
  const writes: Promise<void>[] = [];
  const unfinished = new Map<ReadEntry, { path: string; controller: AbortController }>();
  let entries = 0;
  let declared = 0;
  let written = 0;
  let refusal: BundleError | undefined;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      if (refusal) return entry.resume();
      try {
        const kind = checkEntry(entry);
        entries += 1;
        if (entries > limits.maxEntries)
          throw new BundleError(`the bundle has more than ${limits.maxEntries} entries`);
        if (kind === "root") return entry.resume();
        if (kind === "folder") {
          mkdirSync(path.join(root, entryPath(entry)), { recursive: true });
          return entry.resume();
        }
        if (entry.size > limits.maxFileBytes)
          throw new BundleError(
            `${entry.path} declares ${entry.size} bytes, over the limit of ${limits.maxFileBytes} per file`,
          );
        declared += entry.size;
        if (declared > limits.maxTotalBytes)
          throw new BundleError(
            `the bundle declares more than ${limits.maxTotalBytes} bytes in all, over the limit`,
          );
        const target = path.join(root, entryPath(entry));
        mkdirSync(path.dirname(target), { recursive: true });
        // An archive that ends inside this entry never ends its stream: aborted below.
        const controller = new AbortController();
        unfinished.set(entry, { path: entry.path, controller });
        entry.on("end", () => unfinished.delete(entry));
        // The file is the entry's only reader. An entry read while an earlier one was still
        // being written arrives with its content buffered, and a "data" listener (to count
        // bytes, say) would take that content before the pipe is attached: the file written
        // empty or cut short. So bytes are counted from what was written.
        const output = createWriteStream(target, { flags: "wx" });
        writes.push(
          pipeline(entry, output, { signal: controller.signal }).then(() => {
            written += output.bytesWritten;
          }),
        );
      } catch (error) {
        refusal = error instanceof BundleError ? error : new BundleError((error as Error).message);
        entry.resume();
        parser.abort(refusal);
      }
    },
  });

  function entryPath(entry: ReadEntry): string {
    return (checkEntryPath(entry.path) as { path: string }).path;
  }

  function checkEntry(entry: ReadEntry): "file" | "folder" | "root" {
    const checked = checkEntryPath(entry.path);
    if ("refused" in checked) throw new BundleError(`the entry "${entry.path}" ${checked.refused}`);
    const kind =
      entry.type === "Directory" ? "folder" : FILE_TYPES.has(entry.type) ? "file" : undefined;
    if (!kind)
      throw new BundleError(
        `the entry "${entry.path}" is a ${entry.type}: only regular files and folders are allowed`,
      );
    if (checked.path === "") {
      if (kind === "folder") return "root";
      throw new BundleError(`the entry "${entry.path}" is a file named like the bundle's root`);
    }
    const before = seen.get(checked.path);
    if (before && (before === "file" || kind === "file"))
      throw new BundleError(`the entry "${entry.path}" appears twice`);
    for (
      let index = checked.path.indexOf("/");
      index !== -1;
      index = checked.path.indexOf("/", index + 1)
    ) {
      if (seen.get(checked.path.slice(0, index)) === "file")
        throw new BundleError(`the entry "${entry.path}" is inside a file`);
    }
    seen.set(checked.path, kind);
    return kind;
  }

  let failure: unknown;
  try {
    await pipeline(createReadStream(archive), parser);
  } catch (error) {
    failure =
      refusal ??
      new BundleError(`the bundle is not a readable .tar.gz: ${(error as Error).message}`, {
        cause: error,
      });
  }
  const cutShort = [...unfinished.values()];
  if (cutShort.length > 0) {
    failure ??= new BundleError(`the bundle is truncated: it ends inside ${cutShort[0]?.path}`);
    for (const item of cutShort) item.controller.abort();
  }
  // Every file write ends (or fails) before the caller removes the staging folder.
  const settled = await Promise.allSettled(writes);
  if (failure || refusal) throw failure ?? refusal;
  const failedWrite = settled.find((result) => result.status === "rejected");
  if (failedWrite)
    throw new BundleError(
      `the bundle could not be written: ${(failedWrite as PromiseRejectedResult).reason?.message}`,
    );
  if (entries === 0) throw new BundleError("the bundle is empty");
  return { files: [...seen.values()].filter((kind) => kind === "file").length, bytes: written };
}

function readManifest(root: string): BundleManifest {
  const file = path.join(root, "quire-export.json");
  if (!existsSync(file))
    throw new BundleError(
      "the bundle has no quire-export.json at its root: it is not a Quire export",
    );
  let manifest: Partial<BundleManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new BundleError(`quire-export.json is not valid JSON: ${(error as Error).message}`);
  }
  if (manifest?.formatVersion !== 1)
    throw new BundleError(
      `quire-export.json has formatVersion ${JSON.stringify(manifest?.formatVersion)}; this Quire reads format 1`,
    );
  if (!existsSync(path.join(root, "index.html")))
    throw new BundleError("the bundle has no index.html at its root");
  return manifest as BundleManifest;
}
