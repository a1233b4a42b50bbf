import { parentPort } from "node:worker_threads";
import { ParentTwoslashChecker } from "../code/twoslash/parent-checker.ts";
import { useTwoslashChecker } from "../code/twoslash/twoslash-thread.ts";
import { PageRenderer, type PageTask, type RendererSetup } from "./page-renderer.ts";

/** A render worker thread: receives its setup once, then batches of pages to render. */
type Message = { type: "setup"; setup: RendererSetup } | { type: "tasks"; tasks: PageTask[] };

let renderer: PageRenderer | undefined;
/** The batches this thread was sent, rendered one after another. */
let queue: Promise<void> = Promise.resolve();

// Twoslash blocks are type-checked by the export's one thread for them, in the parent.
if (parentPort) useTwoslashChecker(new ParentTwoslashChecker(parentPort));

parentPort?.on("message", (message: Message | { type: "twoslash-outcome" }) => {
  if (message.type === "twoslash-outcome") return;
  if (message.type === "setup") {
    try {
      renderer = new PageRenderer(message.setup);
      parentPort?.postMessage({ type: "ready" });
    } catch (error) {
      reportError(error);
    }
    return;
  }
  // The pool sends a thread its next batch before the last is done: they render in turn.
  const { tasks } = message;
  queue = queue.then(() => renderBatch(tasks));
});

async function renderBatch(tasks: PageTask[]): Promise<void> {
  try {
    if (!renderer) throw new Error("render worker received pages before its setup");
    const outcomes = [];
    for (const task of tasks) outcomes.push(await renderer.render(task));
    parentPort?.postMessage({ type: "done", outcomes });
  } catch (error) {
    reportError(error);
  }
}

function reportError(error: unknown): void {
  parentPort?.postMessage({ type: "error", message: (error as Error).stack ?? String(error) });
}
