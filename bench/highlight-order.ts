/**
 * Checks that Quire's highlighter gives each code block the same HTML whatever order the pages
 * come in. A render thread highlights the pages it is handed, in the order it is handed them,
 * so an export whose blocks depend on that order is not reproducible. Each order runs in a
 * process of its own (a fresh highlighter and a fresh V8), reading the pages as the exporter
 * does, loading each page's grammars before its blocks. Prints each block whose HTML differed
 * between orders; exits 1 when one did.
 * Usage: node bench/highlight-order.ts DOCS_DIR [ORDERS]   (4 orders by default)
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toHtml } from "hast-util-to-html";
import { highlightToHast, loadLanguages } from "../src/exporter/code/highlighter.ts";
import { codeFences, markdownFiles } from "./code-fences.ts";
import { random } from "./generate-site.ts";

/** A seeded shuffle, so an order can be run again. */
function shuffled<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Highlights every block of the pages in one seeded order; returns each block's HTML hash. */
async function highlightInOrder(root: string, seed: number): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const file of shuffled(markdownFiles(root), seed)) {
    const fences = codeFences(readFileSync(file, "utf8"), path.relative(root, file));
    await loadLanguages([...new Set(fences.map((fence) => fence.language))]);
    for (const fence of fences) {
      const html = toHtml(highlightToHast(fence.code, fence.language));
      hashes[`${fence.source} (${fence.language})`] = createHash("sha256")
        .update(html)
        .digest("hex");
    }
  }
  return hashes;
}

async function main(): Promise<void> {
  const [root, orderArgument, seedArgument] = process.argv.slice(2);
  if (!root) {
    console.error("Usage: node bench/highlight-order.ts DOCS_DIR [ORDERS]");
    process.exit(2);
  }
  if (seedArgument !== undefined) {
    // A child: one order, its hashes on stdout.
    process.stdout.write(JSON.stringify(await highlightInOrder(root, Number(seedArgument))));
    return;
  }
  const orders = Number(orderArgument ?? 4);
  const runs: Record<string, string>[] = [];
  for (let seed = 1; seed <= orders; seed++) {
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), root, String(orders), String(seed)],
      { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
    );
    if (child.status !== 0) throw new Error(`order ${seed} failed:\n${child.stderr}`);
    runs.push(JSON.parse(child.stdout));
    console.log(`order ${seed}: ${Object.keys(runs[seed - 1] as object).length} blocks`);
  }
  const first = runs[0] ?? {};
  const differing = Object.keys(first).filter((block) =>
    runs.some((run) => run[block] !== first[block]),
  );
  for (const block of differing) console.log(`differs between orders: ${block}`);
  console.log(
    differing.length === 0
      ? `Every block highlighted the same in ${orders} orders.`
      : `${differing.length} blocks highlighted differently in ${orders} orders.`,
  );
  process.exitCode = differing.length === 0 ? 0 : 1;
}

await main();
