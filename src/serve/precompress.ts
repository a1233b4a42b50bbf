import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(html|css|js|mjs|json|xml|txt|svg|md)$/i;
/** Smaller files gain nothing worth a second read. */
const MIN_BYTES = 512;

/**
 * Writes a `.br` and a `.gz` of every text file of `site` into `compressed`, at the file's own
 * relative path (`compressed/a/b.html.br` for `site/a/b.html`), once, so serving never
 * compresses. Only these are ever sent compressed: see version-layout.ts.
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
    const target = path.join(compressed, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(
      `${target}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    );
    writeFileSync(`${target}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
