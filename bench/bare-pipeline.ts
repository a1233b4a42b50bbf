/**
 * The bare pipeline Quire's export is compared with: unified with remark-parse, remark-gfm and
 * remark-frontmatter, mdast → hast, Shiki on its default engine (Oniguruma compiled to
 * WebAssembly) with Quire's two themes, hast → HTML, one `.html` file per page in a minimal
 * document. No components, layout, search, Markdown copies or archive: the per-page work any
 * Markdown site generator does. Pages are split between worker threads as Quire's are.
 * Usage: node bench/bare-pipeline.ts SOURCE_DIR OUT_DIR [THREADS]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { Element, Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Root } from "mdast";
import { toHast } from "mdast-util-to-hast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { createHighlighter } from "shiki";
import { unified } from "unified";
import { visit } from "unist-util-visit";

/** Pages a thread is handed at a time, as in Quire's render pool. */
const BATCH_SIZE = 8;
const LANGUAGES = ["javascript", "typescript", "python", "bash", "json", "yaml"];

interface Job {
  sourceDir: string;
  outDir: string;
}

function listPages(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => /\.mdx?$/.test(file))
    .sort();
}

async function renderPages(job: Job, nextBatch: () => Promise<string[] | undefined>) {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"]);
  const highlighter = await createHighlighter({
    themes: ["github-light", "github-dark"],
    langs: LANGUAGES,
  });
  for (let batch = await nextBatch(); batch; batch = await nextBatch()) {
    for (const file of batch) {
      const source = readFileSync(path.join(job.sourceDir, file), "utf8");
      const tree = processor.runSync(processor.parse(source)) as Root;
      const hast = toHast(tree, { allowDangerousHtml: true }) as HastRoot;
      visit(hast, "element", (node: Element, index, parent) => {
        if (node.tagName !== "pre" || !parent || index === undefined) return;
        const code = node.children[0];
        if (code?.type !== "element" || code.tagName !== "code") return;
        const className = (code.properties.className as string[] | undefined) ?? [];
        const language = className.find((name) => name.startsWith("language-"))?.slice(9);
        const text = code.children.map((child) => ("value" in child ? child.value : "")).join("");
        const options = {
          themes: { light: "github-light", dark: "github-dark" },
          defaultColor: "light" as const,
        };
        let highlighted: HastRoot;
        try {
          highlighted = highlighter.codeToHast(text, { ...options, lang: language ?? "text" });
        } catch {
          // A language with no grammar loaded (Shiki knows aliases such as js and ts itself).
          highlighted = highlighter.codeToHast(text, { ...options, lang: "text" });
        }
        parent.children.splice(index, 1, ...(highlighted.children as Element[]));
      });
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>${file}</title></head><body><main>${toHtml(hast, { allowDangerousHtml: true })}</main></body></html>\n`;
      const target = path.join(job.outDir, file.replace(/\.mdx?$/, ".html"));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, html);
    }
  }
}

/** Renders every page of `sourceDir` into `outDir` on `threads` worker threads. */
export async function runBarePipeline(
  sourceDir: string,
  outDir: string,
  threads = availableParallelism(),
): Promise<number> {
  const pages = listPages(sourceDir);
  const batches: string[][] = [];
  for (let index = 0; index < pages.length; index += BATCH_SIZE)
    batches.push(pages.slice(index, index + BATCH_SIZE));
  const job: Job = { sourceDir, outDir };
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: job });
          worker.on("message", () => worker.postMessage(batches.shift() ?? null));
          worker.on("error", reject);
          worker.on("exit", (code) =>
            code === 0
              ? resolve()
              : reject(new Error(`a bare pipeline thread exited with ${code}`)),
          );
        }),
    ),
  );
  return pages.length;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const nextBatch = () =>
    new Promise<string[] | undefined>((resolve) => {
      port.once("message", (batch: string[] | null) => resolve(batch ?? undefined));
      port.postMessage("next");
    });
  await renderPages(workerData as Job, nextBatch);
  port.close();
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const [sourceDir, outDir, threads] = process.argv.slice(2);
  if (!sourceDir || !outDir) {
    process.stderr.write("usage: node bench/bare-pipeline.ts SOURCE_DIR OUT_DIR [THREADS]\n");
    process.exit(2);
  }
  const count = await runBarePipeline(
    path.resolve(sourceDir),
    path.resolve(outDir),
    threads ? Number(threads) : undefined,
  );
  process.stdout.write(`${count} pages\n`);
}
