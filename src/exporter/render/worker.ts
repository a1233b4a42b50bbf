import { parentPort } from "node:worker_threads";
import { ParentTwoslashChecker } from "../code/twoslash/parent-checker.ts";
import { useTwoslashChecker } from "../code/twoslash/twoslash-thread.ts";
import { PageRenderer, type PageTask, type RendererSetup } from "./page-renderer.ts";

/** A render worker thread: receives its setup once, then batches of pages to render. */
type Message = { type: "setup"; setup: RendererSetup } | { type: "tasks"; tasks: PageTask[] };

let renderer: PageRenderer | undefined;

// Twoslash blocks are type-checked by the export's one thread for them, in the parent.
if (parentPort) useTwoslashChecker(new ParentTwoslashChecker(parentPort));

parentPort?.on("message", async (message: Message | { type: "twoslash-outcome" }) => {
  if (message.type === "twoslash-outcome") return;
  try {
    if (message.type === "setup") {
      renderer = new PageRenderer(message.setup);
      parentPort?.postMessage({ type: "ready" });
      return;
    }
    if (!renderer) throw new Error("render worker received pages before its setup");
    const outcomes = [];
    for (const task of message.tasks) outcomes.push(await renderer.render(task));
    parentPort?.postMessage({ type: "done", outcomes });
  } catch (error) {
    parentPort?.postMessage({ type: "error", message: (error as Error).stack ?? String(error) });
  }
});
