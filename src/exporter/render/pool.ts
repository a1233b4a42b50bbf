import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import { answerTwoslashRequest, type TwoslashRequest } from "../code/twoslash/parent-checker.ts";
import { closeSharedTwoslashThread, TwoslashThread } from "../code/twoslash/twoslash-thread.ts";
import { collectGarbage, isOutOfMemory, memoryBudgetExceeded } from "../memory-budget.ts";
import {
  type PageOutcome,
  PageRenderer,
  type PageTask,
  type RendererSetup,
} from "./page-renderer.ts";

export interface RenderAllOptions {
  /** Worker threads; 0 renders in this thread. Defaults to the number of cores (1 for small sites). */
  concurrency?: number;
  onPageDone?: (outcome: PageOutcome) => void;
  signal?: AbortSignal;
  /** Heap of each worker thread, in MB; at most (and by default) `THREAD_HEAP_MB`. */
  memoryLimitMb?: number;
}

/** Below this many pages, starting threads costs more than it saves. */
const THREAD_THRESHOLD = 48;
const BATCH_SIZE = 8;
/**
 * Batches a thread holds: it starts the next while the main thread takes the last one's outcomes
 * and sends more. With one, each thread waited for the main thread between batches, 0.3-0.4 s
 * of a 5,001-page export on two threads (decisions.md).
 */
const BATCHES_IN_FLIGHT = 2;
/**
 * A page source this large is rendered by the first thread only. Parsing MDX holds about 200
 * bytes per source byte until the tree is built (a 726 KB page: over 150 MB), and a thread's
 * heap stays grown afterwards: two threads taking such pages at once each kept ~450 MB.
 */
const LARGE_SOURCE_BYTES = 128 * 1024;
/** A bounded heap makes each thread collect garbage early, keeping the whole export under 1 GB. */
const THREAD_HEAP_MB = 768;
/**
 * Each thread's young generation. V8's default for this heap is about twice this: on 5,000
 * pages the export then peaked ~150 MB higher (844 against 693 MB) in the same time; here it
 * scavenges twice as often and spends a quarter less in full collections (decisions.md).
 */
const THREAD_YOUNG_MB = 96;
/**
 * Pages between the main thread's own collections while the threads render. It keeps every
 * page's outcome meanwhile, and V8 lets an idle thread's heap grow far past what it holds before
 * collecting: at the end of CrewAI's 24,667 pages it held 125 MB in 255 MB, and with these
 * collections about 115 MB in 130 MB (decisions.md, "CrewAI a third time").
 */
const MAIN_COLLECTION_PAGES = 2000;

/**
 * Turns off V8's pretenuring for this process (its flags are the process's, not a thread's).
 * V8 makes an allocation site allocate straight into the old generation once most of what it
 * made survived a young collection. In a render thread that happens whenever a collection
 * catches a page half parsed, and from then on every page's tokens, trees and highlighted code
 * go to the old generation, where only full collections free them; each full collection also
 * drops the optimized code of the parser's per-document functions. Without it a 5,001-page
 * export ran 4–9 % faster in the same memory (decisions.md, "A seventh pass").
 */
function stopPretenuring(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}

/** Renders every page, on all cores for large sites, and returns the outcomes in task order. */
export async function renderAllPages(
  setup: RendererSetup,
  tasks: PageTask[],
  options: RenderAllOptions = {},
): Promise<PageOutcome[]> {
  const threads =
    options.concurrency ?? (tasks.length < THREAD_THRESHOLD ? 0 : availableParallelism());
  if (threads <= 0) return renderInThisThread(setup, tasks, options);
  return renderInWorkers(
    setup,
    tasks,
    Math.min(threads, Math.ceil(tasks.length / BATCH_SIZE)),
    options,
  );
}

async function renderInThisThread(
  setup: RendererSetup,
  tasks: PageTask[],
  options: RenderAllOptions,
): Promise<PageOutcome[]> {
  const renderer = new PageRenderer(setup);
  const outcomes: PageOutcome[] = [];
  for (const task of tasks) {
    options.signal?.throwIfAborted();
    const outcome = await renderer.render(task);
    outcomes.push(outcome);
    options.onPageDone?.(outcome);
  }
  // The type-checking thread of twoslash blocks, if a page started it, is not needed past here.
  await closeSharedTwoslashThread();
  return outcomes;
}

function renderInWorkers(
  setup: RendererSetup,
  tasks: PageTask[],
  threadCount: number,
  options: RenderAllOptions,
): Promise<PageOutcome[]> {
  const byPath = new Map<string, PageOutcome>();
  const large = new Set(tasks.filter((task) => isLargeSource(setup.sourceDir, task.file)));
  const largeBatches = [...large].map((task) => [task]);
  const rest = large.size > 0 ? tasks.filter((task) => !large.has(task)) : tasks;
  const batches: PageTask[][] = [];
  for (let index = 0; index < rest.length; index += BATCH_SIZE)
    batches.push(rest.slice(index, index + BATCH_SIZE));
  const workers: Worker[] = [];
  const retired = new Set<Worker>();
  const heapMb = Math.min(THREAD_HEAP_MB, options.memoryLimitMb ?? THREAD_HEAP_MB);

  // One thread type-checks the twoslash blocks of every render thread, started on the first.
  let twoslash: TwoslashThread | undefined;
  const done = new Promise<PageOutcome[]>((resolve, reject) => {
    let finished = false;
    let running = 0;
    let collected = 0;
    const stopAll = (): void => {
      for (const worker of workers) void worker.terminate();
    };
    const fail = (error: Error): void => {
      if (finished) return;
      finished = true;
      stopAll();
      reject(error);
    };
    const inFlight = new Map<Worker, number>();
    const feed = (worker: Worker): void => {
      let sent = inFlight.get(worker) ?? 0;
      while (sent < BATCHES_IN_FLIGHT) {
        // The large pages first, all on the first thread, so they start early and one heap grows.
        const batch = (worker === workers[0] ? largeBatches.shift() : undefined) ?? batches.shift();
        if (!batch) break;
        worker.postMessage({ type: "tasks", tasks: batch });
        sent += 1;
      }
      inFlight.set(worker, sent);
      if (sent > 0) return;
      running -= 1;
      retired.add(worker);
      void worker.terminate();
      if (running === 0 && !finished) {
        finished = true;
        resolve(tasks.map((task) => byPath.get(task.pagePath) as PageOutcome));
      }
    };
    options.signal?.addEventListener(
      "abort",
      () => fail(options.signal?.reason ?? new Error("aborted")),
      { once: true },
    );
    stopPretenuring();
    for (let index = 0; index < threadCount; index++) {
      const worker = new Worker(new URL("./worker.ts", import.meta.url), {
        resourceLimits: {
          maxOldGenerationSizeMb: heapMb,
          maxYoungGenerationSizeMb: THREAD_YOUNG_MB,
        },
      });
      workers.push(worker);
      running += 1;
      worker.on(
        "message",
        (message: { type: string; outcomes?: PageOutcome[]; message?: string }) => {
          if (message.type === "twoslash") {
            twoslash ??= new TwoslashThread();
            void answerTwoslashRequest(message as TwoslashRequest, twoslash, (answer) =>
              worker.postMessage(answer),
            );
            return;
          }
          if (message.type === "ready") return feed(worker);
          if (message.type === "error")
            return fail(new Error(`a render worker failed: ${message.message}`));
          inFlight.set(worker, (inFlight.get(worker) ?? 1) - 1);
          for (const outcome of message.outcomes ?? []) {
            byPath.set(outcome.pagePath, outcome);
            options.onPageDone?.(outcome);
          }
          feed(worker);
          // After feeding: the thread renders its next pages meanwhile.
          const due = Math.floor(byPath.size / MAIN_COLLECTION_PAGES);
          if (due > collected) {
            collected = due;
            collectGarbage();
          }
        },
      );
      // A thread that runs out of its heap fails the export with a message, not the process.
      worker.on("error", (error: Error) =>
        fail(isOutOfMemory(error) ? memoryBudgetExceeded(heapMb, error) : error),
      );
      worker.on("exit", (code) => {
        if (code !== 0 && !finished && !retired.has(worker))
          fail(new Error(`a render worker exited with code ${code}`));
      });
      worker.postMessage({ type: "setup", setup });
    }
    // What reading the site left: an idle main thread would keep it while the threads work.
    // Collected once the threads are made, so they load their modules meanwhile.
    collectGarbage();
  });
  return done.finally(() => twoslash?.close());
}

/** Whether a task's page source is past `LARGE_SOURCE_BYTES` (a generated page has none). */
function isLargeSource(sourceDir: string, file: string): boolean {
  if (!/\.mdx?$/i.test(file)) return false;
  try {
    return statSync(path.join(sourceDir, file)).size > LARGE_SOURCE_BYTES;
  } catch {
    return false;
  }
}
