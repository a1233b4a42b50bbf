import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(html|css|js|mjs|json|xml|txt|svg|md)$/i;
/** Smaller files gain nothing worth a second read. */
const MIN_BYTES = 512;

/** Writes `.br` and `.gz` beside every text file of an unpacked version, once, so serving never compresses. */
export function precompress(directory: string): number {
  let count = 0;
  for (const entry of readdirSync(directory, { recursive: true })) {
    const file = path.join(directory, String(entry));
    if (!TEXT.test(file) || !statSync(file).isFile() || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
