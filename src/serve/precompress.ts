import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Encoding } from "./version-layout.ts";

const TEXT = /\.(html|css|js|mjs|json|xml|txt|svg|md)$/i;
/** Smaller files gain nothing worth a second read. */
const MIN_BYTES = 512;

const COMPRESS: Record<Encoding, (content: Buffer) => Buffer> = {
  br: (content) => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (content) => gzipSync(content, { level: 9 }),
};

/**
 * Writes a brotli and a gzip copy of every text file of `site` into `compressed/br/` and
 * `compressed/gzip/`, at the file's own relative path, once, so serving never compresses.
 * Only these are ever sent compressed: see version-layout.ts.
 */
export function precompress(site: string, compressed: string): number {
  let count = 0;
  for (const entry of readdirSync(site, { recursive: true })) {
    const relative = String(entry);
    const file = path.join(site, relative);
    if (!TEXT.test(file)) continue;
    const info = statSync(file);
    if (!info.isFile() || info.size < MIN_BYTES) continue;
    const content = readFileSync(file);
    for (const [encoding, compress] of Object.entries(COMPRESS)) {
      const target = path.join(compressed, encoding, relative);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, compress(content));
    }
    count += 1;
  }
  return count;
}
