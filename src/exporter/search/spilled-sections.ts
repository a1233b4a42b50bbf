import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { SearchSection } from "../mdx/rendered-page.ts";
import { readExactly } from "../read-exactly.ts";

/**
 * A page's search sections as a render thread hands them over: V8's serialization, in a
 * buffer of exactly its bytes. Posting it to the export's thread copies bytes, where the sections
 * themselves would be rebuilt there as thousands of small strings to keep until the end.
 */
export function packSections(sections: SearchSection[]): Uint8Array {
  return serialize(sections);
}

/**
 * The search sections of every rendered page, in a scratch file until the index is built.
 * The index needs all of a language's pages at once, and only after the last page is
 * rendered; held in memory meanwhile, the sections of CrewAI's 24,667 pages were most of the
 * export's main heap (270 MB). Read back one language at a time, in any order.
 */
export class SpilledSections {
  readonly #folder = mkdtempSync(path.join(os.tmpdir(), "quire-search-"));
  readonly #file = openSync(path.join(this.#folder, "sections"), "w+");
  /** Page path → where its packed sections start in the file, and their length. */
  readonly #where = new Map<string, [number, number]>();
  #end = 0;
  #closed = false;

  /** Keeps a page's packed sections (`packSections`); a page added again replaces them. */
  add(pagePath: string, packed: Uint8Array): void {
    writeSync(this.#file, packed, 0, packed.length, this.#end);
    this.#where.set(pagePath, [this.#end, packed.length]);
    this.#end += packed.length;
  }

  /** A page's sections; none for a page never added. */
  sectionsOf(pagePath: string): SearchSection[] {
    const packed = this.packedOf(pagePath);
    return packed ? (deserialize(packed) as SearchSection[]) : [];
  }

  /** A page's sections as `packSections` made them: the same sections, the same bytes. */
  packedOf(pagePath: string): Buffer | undefined {
    const where = this.#where.get(pagePath);
    if (!where) return undefined;
    const [start, length] = where;
    const bytes = Buffer.allocUnsafe(length);
    readExactly(this.#file, bytes, 0, length, start, `the search sections of ${pagePath}`);
    return bytes;
  }

  /** Removes the scratch file; safe to call more than once. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#file);
    rmSync(this.#folder, { recursive: true, force: true });
  }
}
