import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let cached: { path: string; content: Buffer } | undefined;

/**
 * The mermaid browser build shipped inside the bundle (a classic script, so it loads from
 * file:// too), content-hashed. Pages load it only when they have a diagram.
 */
export function mermaidScript(): { path: string; content: Buffer } {
  if (cached) return cached;
  const file = path.join(
    path.dirname(require.resolve("mermaid/package.json")),
    "dist",
    "mermaid.min.js",
  );
  const content = readFileSync(file);
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
  cached = { path: `_quire/mermaid.${hash}.js`, content };
  return cached;
}
