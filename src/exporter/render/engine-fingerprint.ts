import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let fingerprint: string | undefined;

/**
 * A hash of the exporter's own source. Cached renders are keyed by it, so upgrading (or
 * editing) Quire never serves a page rendered by an older engine.
 */
export function engineFingerprint(): string {
  if (fingerprint) return fingerprint;
  const exporterRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const hash = createHash("sha256");
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|css)$/.test(entry.name)) hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(exporterRoot);
  fingerprint = hash.digest("hex").slice(0, 16);
  return fingerprint;
}
