/**
 * The readers' assistant's work before the model (`BENCH_ONLY=assistant npm run bench`): on a
 * generated site exported by Quire, the time to open the bundle's search index on the server
 * with the first question, then the retrieval of each question (searches word by word, the
 * chosen pages' `.md` copies read), and the page text it gives the model. No comparison: the
 * figure is what the assistant adds before the model's own time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { retrievePages } from "../src/assistant/retrieve-pages.ts";
import { exportSite } from "../src/exporter/export-site.ts";
import { openBundleSearch } from "../src/exporter/index.ts";
import { generateSite } from "./generate-site.ts";
import { median } from "./measure.ts";

const PAGES = Number(process.env.BENCH_ASSISTANT_PAGES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ASSISTANT_ROUNDS ?? 5);

/** Questions in the words the generated pages are written in. */
const QUESTIONS = [
  "How do I retry a job when an attempt fails?",
  "What is the timeout of a webhook request?",
  "Which time zone does a cron schedule use?",
  "How does the backoff jitter work for retries?",
  "Where do I find the signature header of an event?",
  "What quota limit applies to a batch of jobs?",
  "How do I deploy a release to another region?",
  "What does the dashboard show about latency and status?",
];

export interface AssistantBenchmark {
  pages: number;
  questions: number;
  rounds: number;
  firstQuestionMs: number;
  retrievalMs: number;
  /** Slowest retrieval of any question, any round. */
  slowestMs: number;
  /** Characters of page text given to the model per question, median. */
  contextCharacters: number;
  wallSeconds: number;
}

export async function runAssistantBenchmark(
  log: (line: string) => void,
): Promise<AssistantBenchmark> {
  const started = performance.now();
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-bench-assistant-"));
  try {
    log(`assistant: generating and exporting ${PAGES} pages`);
    const site = generateSite(path.join(work, "generated"), PAGES);
    const root = path.join(work, "site");
    await exportSite({ sourceDir: site.quireDir, outputDir: root });

    let opened = performance.now();
    const index = await openBundleSearch(root);
    await retrievePages(index, root, QUESTIONS[0] as string);
    const firstQuestionMs = performance.now() - opened;

    const retrieval: number[] = [];
    const search: number[] = [];
    const context: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [number, question] of QUESTIONS.entries()) {
        // Alternate which goes first, so neither always finds the other's files warm.
        const order =
          (round + number) % 2 === 0 ? ["retrieval", "search"] : ["search", "retrieval"];
        for (const kind of order) {
          opened = performance.now();
          if (kind === "search") {
            await index.search(question, 10);
            search.push(performance.now() - opened);
          } else {
            const pages = await retrievePages(index, root, question);
            retrieval.push(performance.now() - opened);
            if (round === 0)
              context.push(pages.reduce((total, page) => total + page.text.length, 0));
          }
        }
      }
      log(`assistant: round ${round + 1} of ${ROUNDS}`);
    }
    return {
      pages: PAGES,
      questions: QUESTIONS.length,
      rounds: ROUNDS,
      firstQuestionMs,
      retrievalMs: median(retrieval),
      slowestMs: Math.max(...retrieval),
      contextCharacters: median(context),
      wallSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const milliseconds = (value: number): string =>
  value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`;

export function assistantSection(result: AssistantBenchmark, machine: string): string {
  return `## Readers' assistant: retrieval before the model

Measured by \`BENCH_ONLY=assistant npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; the benchmark took ${result.wallSeconds.toFixed(0)} s.
A generated ${result.pages}-page site exported by Quire; the assistant's index opened on the server as \`quire serve\` opens it, then ${result.questions} questions in a sentence, each retrieved ${result.rounds} times. Medians, and the slowest retrieval of all; the model's time comes on top and is not measured here.

| Site | First question (opens the index) | Retrieval of a question | Slowest | Page text given to the model |
|---|---:|---:|---:|---:|
| ${result.pages} pages | ${milliseconds(result.firstQuestionMs)} | **${milliseconds(result.retrievalMs)}** | ${milliseconds(result.slowestMs)} | ${Math.round(result.contextCharacters).toLocaleString("en-US")} characters |

Retrieval searches each meaningful word of the question on its own (up to 50 hits each) and reads the chosen pages' \`.md\` copies from disk. One site size was measured; how the figure grows with the site was not.`;
}
